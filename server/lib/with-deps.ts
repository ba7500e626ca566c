/**
 * A step written as a function of its dependencies first (so a test can call it with its own), as
 * the method a service returns: `withDeps(deps, createCourse)` is `(...args) => createCourse(deps, ...args)`.
 */
export function withDeps<D, A extends unknown[], R>(
  deps: D,
  step: (deps: D, ...args: A) => R,
): (...args: A) => R {
  return (...args) => step(deps, ...args);
}
