/**
 * Timeouts of tests that drive real servers, databases and browsers: doubled on CI, whose shared
 * two cores have been seen to run a step at half speed. A stuck step still fails at its own limit
 * (Playwright's 30 s per action, a poll's 15 s).
 */
export const generous = (ms: number): number => (process.env.CI ? 2 * ms : ms);
