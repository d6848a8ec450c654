import { describe, expect, it } from "vitest";
import { esTextoSepa, MAX_SEPA, textoSepa } from "./texto-sepa";

describe("textoSepa", () => {
  it("quita tildes, diéresis y cedillas", () => {
    expect(textoSepa("Muñoz Peñarroja")).toBe("Munoz Penarroja");
    expect(textoSepa("ÑANDÚ Ça Àlex Jordà Güell Núria")).toBe("NANDU Ca Alex Jorda Guell Nuria");
    expect(textoSepa("àáäâ èéëê ìíïî òóöô ùúüû")).toBe("aaaa eeee iiii oooo uuuu");
  });

  it("quita ª, º, comillas angulares, emojis y el punto volado", () => {
    expect(textoSepa("1ª cuota «Filà» 2º plazo 🎉")).toBe("1 cuota Fila 2 plazo");
    expect(textoSepa("Col·lecta")).toBe("Collecta");
    expect(textoSepa("a_b*c&d@e#f€g")).toBe("abcdefg");
  });

  it("conserva los signos permitidos", () => {
    const permitidos = "Cuota 2026/1 - ?:().,'+";
    expect(textoSepa(permitidos)).toBe(permitidos);
  });

  it("junta los espacios, recorta los extremos y trunca a la longitud pedida", () => {
    expect(textoSepa("  Cuota \n\t anual  ")).toBe("Cuota anual");
    expect(textoSepa("x".repeat(200))).toHaveLength(MAX_SEPA.concepto);
    expect(textoSepa("a".repeat(80), MAX_SEPA.nombre)).toHaveLength(70);
    expect(textoSepa("abc defgh", 4)).toBe("abc");
  });
});

describe("esTextoSepa", () => {
  it("acepta identificadores en el juego SEPA de hasta 35 caracteres", () => {
    expect(esTextoSepa("FILA-0042")).toBe(true);
    expect(esTextoSepa("")).toBe(true);
    expect(esTextoSepa("MANDATO-Ñ")).toBe(false);
    expect(esTextoSepa("x".repeat(36))).toBe(false);
  });
});
