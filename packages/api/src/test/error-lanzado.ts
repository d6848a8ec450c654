import { DomainError } from "../errors/domain-error.js";

/** The DomainError that `fn` throws; any other error, or none, fails the test. */
export function errorDe(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("no lanzó");
}
