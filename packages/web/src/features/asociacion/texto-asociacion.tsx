import { Typography } from "@mantine/core";
import { TextoPlano } from "./texto-plano";

/** Whether a text is the rich text the editor saves (HTML) rather than the plain default one. */
export const esHtml = (texto: string) => texto.trimStart().startsWith("<");

/**
 * Terms or privacy: the editor's HTML, which the server sanitises on write with the news'
 * allow-list, or the plain text of a fresh installation.
 */
export function TextoAsociacion({ texto, lang }: { texto: string; lang?: string | undefined }) {
  if (!esHtml(texto)) {
    return lang ? (
      <div lang={lang}>
        <TextoPlano texto={texto} />
      </div>
    ) : (
      <TextoPlano texto={texto} />
    );
  }
  return (
    <Typography>
      <div
        data-testid="texto-asociacion"
        lang={lang}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (html-seguro.ts).
        dangerouslySetInnerHTML={{ __html: texto }}
      />
    </Typography>
  );
}
