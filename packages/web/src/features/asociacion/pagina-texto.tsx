import { mensajeDeError, textoYSuIdioma } from "@fila/domain";
import { Alert, Anchor, Container, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { IDIOMAS_WEB, useIdioma, useTranslation } from "../../lib/i18n";
import { TextoAsociacion } from "./texto-asociacion";
import { type TextosAsociacion, useTextosAsociacion } from "./use-textos-asociacion";

type Props = {
  titulo: string;
  campo: "condiciones" | "privacidad";
  subtitulo?: (textos: TextosAsociacion) => ReactNode;
  antes?: ReactNode;
  despues?: ReactNode;
};

/**
 * A page showing one of the association's texts (terms or privacy), in the reader's language
 * when the board wrote it, otherwise in the other one (marked with its `lang`; issue 38).
 */
export function PaginaTexto({ titulo, campo, subtitulo, antes, despues }: Props) {
  const { t } = useTranslation();
  const idioma = useIdioma();
  const { data, error, isPending, refetch } = useTextosAsociacion();
  const texto = data
    ? textoYSuIdioma(data[campo] ?? "", data[`${campo}Va`] ?? "", idioma)
    : { texto: "", idioma };
  return (
    <Container size="md" px={0}>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <Stack>
          <Title order={1}>{titulo}</Title>
          {data && subtitulo ? subtitulo(data) : null}
          {antes}
          {isPending ? <Loader aria-label={t("app.cargando")} /> : null}
          {error ? (
            <Alert color="red" title={t("textos.errorCarga")}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{mensajeDeError(error)}</Text>
                <Anchor component="button" type="button" size="sm" onClick={() => refetch()}>
                  {t("comun.reintentar")}
                </Anchor>
              </Stack>
            </Alert>
          ) : null}
          {data ? (
            texto.texto.trim() ? (
              <TextoAsociacion
                texto={texto.texto}
                lang={texto.idioma === idioma ? undefined : IDIOMAS_WEB[texto.idioma].lang}
              />
            ) : (
              <Text c="dimmed">{t("textos.vacio")}</Text>
            )
          ) : null}
          {despues}
        </Stack>
      </Paper>
    </Container>
  );
}
