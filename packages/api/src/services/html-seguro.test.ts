import { describe, expect, it } from "vitest";
import { htmlSeguro } from "./html-seguro.js";

/** Nothing that a browser could execute: tags, handlers, dangerous schemes, styles. */
function expectInofensivo(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed|<math|<form|<input/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/style\s*=/i);
  expect(html).not.toMatch(/srcdoc|formaction|xlink/i);
}

describe("htmlSeguro", () => {
  it("conserva el marcado seguro de un texto del editor", () => {
    const html =
      "<h2>Entrada</h2><p>Hola <strong>festers</strong>, <em>arribem</em> <u>dissabte</u> <s>no</s>.</p>" +
      "<ul><li><p>Un</p></li></ul><ol><li>Dos</li></ol><blockquote><p>Cita</p></blockquote>" +
      "<pre><code>codi</code></pre><hr><p>Línea<br>nueva</p>";
    expect(htmlSeguro(html)).toBe(
      "<h2>Entrada</h2><p>Hola <strong>festers</strong>, <em>arribem</em> <u>dissabte</u> <s>no</s>.</p>" +
        "<ul><li><p>Un</p></li></ul><ol><li>Dos</li></ol><blockquote><p>Cita</p></blockquote>" +
        "<pre><code>codi</code></pre><hr /><p>Línea<br />nueva</p>",
    );
  });

  it("abre los enlaces http, https y mailto en otra pestaña con rel=noopener", () => {
    expect(htmlSeguro('<a href="https://fila.es/a?b=1&amp;c=2" onclick="x()">web</a>')).toBe(
      '<a href="https://fila.es/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">web</a>',
    );
    expect(htmlSeguro('<a href="mailto:junta@fila.es">correo</a>')).toContain(
      'href="mailto:junta@fila.es"',
    );
    expect(htmlSeguro('<a href="http://fila.es" target="_self" rel="opener">x</a>')).toBe(
      '<a href="http://fila.es" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it("conserva imágenes http(s) y de nuestra API, y quita las demás", () => {
    expect(htmlSeguro('<img src="https://fila.es/a.png" alt="Escuadra">')).toBe(
      '<img src="https://fila.es/a.png" alt="Escuadra" />',
    );
    expect(htmlSeguro('<img src="/api/noticias/1/imagen?v=2">')).toBe(
      '<img src="/api/noticias/1/imagen?v=2" />',
    );
    expect(htmlSeguro('<p><img src="//evil.example/x.png">texto</p>')).toBe("<p>texto</p>");
    expect(htmlSeguro('<p><img src="/otra/ruta.png">t</p>')).toBe("<p>t</p>");
  });

  it("convierte h1, b e i en sus equivalentes permitidos", () => {
    expect(htmlSeguro("<h1>T</h1><b>n</b><i>c</i>")).toBe("<h2>T</h2><strong>n</strong><em>c</em>");
  });

  const ataques: [string, string][] = [
    ["script", "<script>alert(1)</script><p>ok</p>"],
    ["script en mayúsculas", "<SCRIPT SRC=//xss.example/x.js></SCRIPT><p>ok</p>"],
    ["script partido", "<scr<script>ipt>alert(1)</scr</script>ipt><p>ok</p>"],
    ["img onerror", "<img src=x onerror=alert(1)><p>ok</p>"],
    ["img onerror con fuente válida", '<img src="https://a.es/x.png" onerror="alert(1)">'],
    ["img sin comillas y barra", "<img/src=x/onerror=alert(1)>"],
    ["a javascript:", '<a href="javascript:alert(1)">pulsa</a>'],
    ["JaVaScRiPt: mezclado", '<a href="JaVaScRiPt:alert(1)">pulsa</a>'],
    [
      "javascript: con entidades",
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    ],
    [
      "javascript: con entidades hex sin ;",
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
    ],
    ["javascript: con tabulador", '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ["javascript: con salto", '<a href="jav\nascript:alert(1)">x</a>'],
    ["javascript: con espacios delante", '<a href="  javascript:alert(1)">x</a>'],
    [
      "data: en enlace",
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    ],
    ["data: en imagen", '<img src="data:image/svg+xml;base64,PHN2Zz4=">'],
    ["vbscript:", '<a href="vbscript:msgbox(1)">x</a>'],
    ["svg onload", "<svg onload=alert(1)><circle r=1></circle></svg><p>ok</p>"],
    ["svg con script", "<svg><script>alert(1)</script></svg>"],
    ["iframe", '<iframe src="https://evil.example"></iframe><p>ok</p>'],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["style", "<style>body{background:url(javascript:alert(1))}</style><p>ok</p>"],
    ["atributo style", '<p style="background:url(javascript:alert(1))">ok</p>'],
    ["body onload", "<body onload=alert(1)><p>ok</p></body>"],
    ["object", '<object data="javascript:alert(1)"></object>'],
    ["embed", '<embed src="javascript:alert(1)">'],
    ["form", '<form action="javascript:alert(1)"><input type=submit></form>'],
    ["math", '<math><a xlink:href="javascript:alert(1)">x</a></math>'],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ["base", '<base href="javascript:alert(1)//">'],
    ["link", '<link rel="stylesheet" href="javascript:alert(1)">'],
    ["onmouseover en p", '<p onmouseover="alert(1)">ok</p>'],
    ["comentario condicional", "<!--[if gte IE 4]><script>alert(1)</script><![endif]--><p>ok</p>"],
    ["atributo roto", '<a href="https://a.es" "onclick=alert(1)">x</a>'],
    ["button formaction", '<button formaction="javascript:alert(1)">x</button>'],
  ];

  for (const [nombre, ataque] of ataques) {
    it(`neutraliza ${nombre}`, () => {
      const limpio = htmlSeguro(ataque);
      expectInofensivo(limpio);
      // Idempotent: cleaning twice changes nothing.
      expect(htmlSeguro(limpio)).toBe(limpio);
    });
  }

  it("deja un enlace peligroso como texto sin href", () => {
    expect(htmlSeguro('<a href="javascript:alert(1)">pulsa</a>')).toBe("<a>pulsa</a>");
  });

  it("no muestra el código de un script o un estilo como texto", () => {
    expect(htmlSeguro("<script>alert(1)</script><style>p{}</style><p>ok</p>")).toBe("<p>ok</p>");
  });

  it("escapa el texto que parece marcado", () => {
    expect(htmlSeguro("<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>")).toBe(
      "<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>",
    );
  });
});
