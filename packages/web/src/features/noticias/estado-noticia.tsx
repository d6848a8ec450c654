import type { Noticia } from "@fila/domain";
import { Badge, Group } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";

/**
 * Borrador / Publicada, plus Destacada and Solo socios when they apply, and the languages it is
 * written in («ES · VA», issue 38: a Valencian version counts once it has its title).
 */
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
      {noticia.audiencia === "socios" ? (
        <Badge variant="outline" color="blue">
          {t("noticias.estado.soloSocios")}
        </Badge>
      ) : null}
      <IdiomasDelTexto es={noticia.titulo} va={noticia.tituloVa} />
    </Group>
  );
}
