/**
 * The entry's stylesheet (Mantine's base and the components of src/app/estilos-iniciales.ts, and
 * ours) without blocking the first paint. The boot picture of index.html (arranque/) brings its
 * own inline style and needs nothing else; with the stylesheet as a `<link rel="stylesheet">` in
 * the head, though, the browser did not paint it until that file had arrived, which on a phone's
 * connection is a round trip and ~13 KB after the document. index.html now only asks for it
 * early (`<link rel="preload" as="style">`, same priority) and the app applies it before React
 * draws anything (main.tsx): the page never appears without its styles.
 */

/** The attribute that marks, in index.html, the preload of the entry's stylesheet. */
export const ATRIBUTO_HOJA_INICIAL = "data-hoja-inicial";

/**
 * index.html as Vite writes it, with each stylesheet of the entry turned into its preload
 * (vite.config.ts, after Vite has added its tags).
 */
export function hojaInicialSinBloquear(html: string): string {
  return html.replace(
    /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g,
    (_, crossorigin: string | undefined, href: string) =>
      `<link rel="preload" as="style"${crossorigin ?? ""} href="${href}" ${ATRIBUTO_HOJA_INICIAL}>`,
  );
}

/**
 * Applies the stylesheets that index.html preloads (each as a `<link rel="stylesheet">` right
 * after its preload, so in the same place of the cascade) and resolves once they are loaded, or
 * have failed (the app still works, unstyled, as it would with a failed `<link>`). Resolves at
 * once without any (the development server, where Vite injects the styles from the scripts).
 */
export function aplicarHojaInicial(doc: Document = document): Promise<void> {
  const precargas = [
    ...doc.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][${ATRIBUTO_HOJA_INICIAL}]`),
  ];
  return Promise.all(
    precargas.map(
      (precarga) =>
        new Promise<void>((hecho) => {
          const hoja = doc.createElement("link");
          hoja.rel = "stylesheet";
          // The same request mode as the preload, so that the preloaded copy is the one used.
          const modo = precarga.getAttribute("crossorigin");
          if (modo !== null) hoja.setAttribute("crossorigin", modo);
          hoja.href = precarga.getAttribute("href") ?? "";
          hoja.onload = () => hecho();
          hoja.onerror = () => hecho();
          precarga.after(hoja);
        }),
    ),
  ).then(() => undefined);
}
