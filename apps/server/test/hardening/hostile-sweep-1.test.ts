import { sweepRoutes } from './hostile-sweep';

// Half 1 of the route table (hostile-sweep.ts says what is checked). The two
// halves are two files so that they run side by side.
await sweepRoutes(0, 2);
