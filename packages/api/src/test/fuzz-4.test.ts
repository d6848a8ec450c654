// Part 4 of the fuzzing from the OpenAPI document (see fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cerrarFuzz, fuzzear, prepararFuzz, SEMILLA } from "./fuzz.js";

beforeAll(prepararFuzz, 120_000);
afterAll(cerrarFuzz);

describe("fuzzing desde el documento OpenAPI, parte 4", () => {
  it("ninguna operación responde 5xx, ni un estado sin declarar, ni un cuerpo fuera de su esquema", async () => {
    expect(await fuzzear(3), `semilla ${SEMILLA}`).toEqual([]);
  }, 600_000);
});
