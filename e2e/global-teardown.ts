import { summariseAxeResults } from './fixtures/axe.js';

/** Merges the per-screen accessibility results into test-results/axe-summary.json and prints it. */
export default function globalTeardown(): void {
  summariseAxeResults();
}
