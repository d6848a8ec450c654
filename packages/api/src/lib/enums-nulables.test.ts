import { describe, expect, it } from "vitest";
import { conNuloEnEnumsNulables } from "./enums-nulables.js";

describe("conNuloEnEnumsNulables", () => {
  it("añade null al enum de un esquema nullable, a cualquier profundidad, una sola vez", () => {
    const doc = {
      paths: {
        "/x": {
          get: {
            responses: {
              200: {
                schema: {
                  properties: {
                    tipo: { type: "string", enum: ["ingreso", "gasto"], nullable: true },
                    otro: { type: "string", enum: ["a"] },
                    ya: { enum: ["b", null], nullable: true },
                    propuesta: {
                      nullable: true,
                      oneOf: [{ type: "object" }, { type: "object" }],
                    },
                    mixto: { nullable: true, anyOf: [{ type: "string" }, { type: "number" }] },
                  },
                },
              },
            },
          },
        },
      },
    };
    const props = conNuloEnEnumsNulables(doc).paths["/x"].get.responses[200].schema.properties;
    expect(props.tipo.enum).toEqual(["ingreso", "gasto", null]);
    expect(props.otro.enum).toEqual(["a"]);
    expect(props.ya.enum).toEqual(["b", null]);
    expect(props.propuesta).toMatchObject({ type: "object", nullable: true });
    expect(props.mixto).toEqual({
      anyOf: [{ type: "string", nullable: true }, { type: "number" }],
    });
  });
});
