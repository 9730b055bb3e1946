import { sweepRoutes } from './hostile-sweep';

// Half 2 of the route table (hostile-sweep.ts says what is checked). The two
// halves are two files so that they run side by side.
await sweepRoutes(1, 2);
