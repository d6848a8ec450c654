import { IDIOMAS, type Idioma } from "@fila/domain";
import { Anchor, Group, Text } from "@mantine/core";
import { Fragment } from "react";
import { IDIOMAS_WEB, useIdioma, useTranslation } from "../../lib/i18n";
import { elegirIdioma } from "./idioma";

/**
 * «Castellano · Valencià»: each language named in itself, the current one not a link. Switching
 * needs no reload of the page.
 */
export function SelectorIdioma() {
  const actual = useIdioma();
  const { t } = useTranslation();
  return (
    <Group gap={6} justify="center" component="nav" aria-label={t("idioma.titulo")}>
      {IDIOMAS.map((idioma: Idioma, i) => (
        <Fragment key={idioma}>
          {i > 0 ? (
            <Text span c="dimmed" aria-hidden>
              ·
            </Text>
          ) : null}
          {idioma === actual ? (
            <Text span fw={700} lang={IDIOMAS_WEB[idioma].lang} aria-current="true">
              {IDIOMAS_WEB[idioma].nombre}
            </Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              lang={IDIOMAS_WEB[idioma].lang}
              onClick={() => void elegirIdioma(idioma)}
            >
              {IDIOMAS_WEB[idioma].nombre}
            </Anchor>
          )}
        </Fragment>
      ))}
    </Group>
  );
}
