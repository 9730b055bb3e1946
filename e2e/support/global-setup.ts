import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseURL', portal.baseURL);
  return portal.stop;
}
