import type { Noticia } from "@fila/domain";
import { Badge, Group } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";

/** Borrador / Publicada, plus Destacada, También en valenciano and Solo socios when they apply. */
export function EstadoNoticia({ noticia }: { noticia: Noticia }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge variant="light" color={noticia.publicada ? "green" : "gray"}>
        {noticia.publicada ? t("noticias.estado.publicada") : t("noticias.estado.borrador")}
      </Badge>
      {noticia.destacada ? (
        <Badge variant="light" color="yellow">
          {t("noticias.estado.destacada")}
        </Badge>
      ) : null}
      {noticia.tituloVa.trim() ? (
        <Badge variant="outline" color="grape">
          {t("noticias.estado.tambienValenciano")}
        </Badge>
      ) : null}
      {noticia.audiencia === "socios" ? (
        <Badge variant="outline" color="blue">
          {t("noticias.estado.soloSocios")}
        </Badge>
      ) : null}
    </Group>
  );
}
