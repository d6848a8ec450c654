import { Typography } from "@mantine/core";
import { TextoPlano } from "./texto-plano";

/** Whether a text is the rich text the editor saves (HTML) rather than the plain default one. */
export const esHtml = (texto: string) => texto.trimStart().startsWith("<");

/**
 * Terms or privacy: the editor's HTML, which the server sanitises on write with the news'
 * allow-list, or the plain text of a fresh installation.
 */
export function TextoAsociacion({ texto }: { texto: string }) {
  if (!esHtml(texto)) return <TextoPlano texto={texto} />;
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (html-seguro.ts). */}
      <div data-testid="texto-asociacion" dangerouslySetInnerHTML={{ __html: texto }} />
    </Typography>
  );
}
