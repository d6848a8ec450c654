const COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The browser bar (and an installed app's title bar) takes the page's `<meta name="theme-color">`
 * over the manifest: set it to the association's colour, read from the manifest the server
 * builds from its settings. Offline or on error the colour in index.html stays.
 */
export async function aplicarColorDelManifiesto(pedir: typeof fetch = fetch): Promise<void> {
  try {
    const respuesta = await pedir("/manifest.webmanifest", { cache: "no-cache" });
    if (!respuesta.ok) return;
    const { theme_color: color } = (await respuesta.json()) as { theme_color?: unknown };
    if (typeof color !== "string" || !COLOR.test(color)) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "theme-color";
      document.head.append(meta);
    }
    meta.content = color;
  } catch {
    // Offline: the default colour is fine.
  }
}
