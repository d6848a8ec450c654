import { describe, expect, it } from "vitest";
import { cabeceraDescarga, clasificarDocumento, nombreDescarga } from "./documentos.tipos.js";

describe("nombreDescarga", () => {
  it("quita carpetas de Windows y Unix, puntos iniciales y caracteres prohibidos", () => {
    expect(nombreDescarga('C:\\fila\\Acta "febrer".pdf', "pdf")).toBe("Acta febrer.pdf");
    expect(nombreDescarga("../../etc/passwd", "txt")).toBe("passwd.txt");
    expect(nombreDescarga("..", "pdf")).toBe("documento.pdf");
    expect(nombreDescarga(".htaccess", "txt")).toBe("htaccess.txt");
    expect(nombreDescarga("a\u0000b\u001fc.pdf", "pdf")).toBe("abc.pdf");
  });

  it("termina siempre en la extensión del tipo real", () => {
    expect(nombreDescarga("virus.exe", "pdf")).toBe("virus.pdf");
    expect(nombreDescarga("foto.JPG", "jpg")).toBe("foto.jpg");
  });
});

describe("cabeceraDescarga", () => {
  it("da un nombre ASCII de reserva y el UTF-8 codificado", () => {
    expect(cabeceraDescarga("Festa d'Alcoi ñ.pdf")).toBe(
      "attachment; filename=\"Festa d'Alcoi n.pdf\"; filename*=UTF-8''Festa%20d%27Alcoi%20%C3%B1.pdf",
    );
  });
});

describe("clasificarDocumento", () => {
  it("no deja pasar PHP, ASP ni XML por mucho texto que lleven delante", async () => {
    const relleno = "texto normal\n".repeat(100);
    for (const trampa of [
      "<?php echo 1;",
      "<?= 1 ?>",
      "<% x %>",
      "<x:xmpmeta>",
      "<iframe src=x>",
    ]) {
      expect(await clasificarDocumento(Buffer.from(relleno + trampa), "a.txt")).toBeNull();
    }
  });

  it("acepta texto con signos de menor que que no son marcado", async () => {
    expect(await clasificarDocumento(Buffer.from("edad < 18; importe <5 €\n"), "n.txt")).toEqual({
      mime: "text/plain; charset=utf-8",
      extension: "txt",
    });
  });

  it("solo acepta un archivo OLE si el nombre dice doc, xls o ppt", async () => {
    const cfb = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(1024)]);
    expect(await clasificarDocumento(cfb, "acta.doc")).toEqual({
      mime: "application/msword",
      extension: "doc",
    });
    expect(await clasificarDocumento(cfb, "instalar.msi")).toBeNull();
  });

  it("rechaza un archivo vacío o con bytes de control", async () => {
    expect(await clasificarDocumento(Buffer.alloc(0), "a.txt")).toBeNull();
    expect(await clasificarDocumento(Buffer.from("hola\u0001"), "a.txt")).toBeNull();
  });
});
