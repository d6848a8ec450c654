import { IDIOMAS, type Idioma, idiomasEscritos } from "@fila/domain";
import { Badge, Group, VisuallyHidden } from "@mantine/core";
import { IDIOMAS_WEB, useTranslation } from "../../lib/i18n";

/**
 * «ES · VA»: the languages a two-language text is written in (issue 38), for the board's editors
 * and lists. A missing language is an outlined, struck-through badge (never a low-contrast one);
 * a screen reader hears one sentence instead of the two abbreviations.
 */
export function IdiomasDelTexto({ es, va }: { es: string; va: string }) {
  const { t } = useTranslation();
  const escritos = idiomasEscritos(es, va);
  const clave =
    escritos.es && escritos.va
      ? "idioma.escrito.ambos"
      : escritos.es
        ? "idioma.escrito.soloEs"
        : escritos.va
          ? "idioma.escrito.soloVa"
          : "idioma.escrito.ninguno";
  const frase = t(clave);
  return (
    <Group component="span" gap={4} wrap="nowrap" display="inline-flex" title={frase}>
      {IDIOMAS.map((idioma: Idioma) => (
        <Badge
          key={idioma}
          component="span"
          aria-hidden
          size="xs"
          radius="sm"
          variant={escritos[idioma] ? "filled" : "outline"}
          color={escritos[idioma] ? "blue.8" : "gray.7"}
          lang={IDIOMAS_WEB[idioma].lang}
          data-escrito={escritos[idioma] ? "si" : "no"}
          style={escritos[idioma] ? undefined : { textDecoration: "line-through" }}
        >
          {t(`idioma.abreviatura.${idioma}`)}
        </Badge>
      ))}
      <VisuallyHidden component="span">{frase}</VisuallyHidden>
    </Group>
  );
}
