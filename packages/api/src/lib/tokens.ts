import { createHash, randomBytes } from "node:crypto";

/** An opaque token of 256 random bits; only its hash is ever stored. */
export function nuevoToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
