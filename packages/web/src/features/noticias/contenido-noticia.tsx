import { Typography } from "@mantine/core";

/**
 * The body of a news item. The server sanitises it on write with an allow-list (no scripts,
 * handlers, styles, frames or dangerous links), so it is rendered as the HTML it is.
 */
export function ContenidoNoticia({ html }: { html: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (html-seguro.ts). */}
      <div data-testid="contenido-noticia" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
