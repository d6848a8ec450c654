import { describe, expect, it } from "vitest";
import { leerBase64url } from "./base64url.js";

describe("leerBase64url", () => {
  it("lee el texto tal como lo escribe Buffer#toString('base64url')", () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x01, 0x02]);
    const texto = bytes.toString("base64url");
    expect(texto).toBe("-_-_AQI");
    expect(leerBase64url(texto)).toEqual(bytes);
    expect(leerBase64url("")).toEqual(Buffer.alloc(0));
  });

  it("rechaza otra forma de escribir los mismos bytes (issue 45 §11)", () => {
    // Each of these decodes to the bytes of "-_-_AQI" with Node's lenient decoder.
    for (const otra of ["-_-_AQJ", "-_-_AQL", "-_*-_AQI", "-_-_AQI=", "+_-_AQI", "-/-_AQI"]) {
      expect(leerBase64url(otra), otra).toBeNull();
    }
    expect(leerBase64url(" -_-_AQI")).toBeNull();
  });
});
