import { mensajeDeError } from "@fila/domain";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { peticion } from "../../lib/api";
import { guardarBlob, nombreDeArchivo } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { ImportarSociosModal } from "./importar-socios-modal";

type Formato = "csv" | "xlsx";

const NO_SON_FILTROS = new Set(["page", "pageSize", "formato"]);

/** The list's filters as the export's query string (empty values left out). */
export function consultaExportacion(
  formato: Formato,
  filtros: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams({ formato });
  for (const [clave, valor] of Object.entries(filtros)) {
    if (valor === undefined || valor === "" || NO_SON_FILTROS.has(clave)) continue;
    params.set(clave, String(valor));
  }
  return params.toString();
}

/** The file name the server chose (Content-Disposition), or a sensible default. */
export function nombreDeDescarga(cabecera: string | null, formato: Formato): string {
  return nombreDeArchivo(cabecera, `socios.${formato}`);
}

export function AccionesSociosIo({
  filtros,
}: {
  filtros: Record<string, string | number | undefined>;
}) {
  const { t } = useTranslation();
  const [exportando, setExportando] = useState<Formato | null>(null);
  const [importarAbierto, setImportarAbierto] = useState(false);

  async function exportar(formato: Formato) {
    setExportando(formato);
    try {
      const respuesta = await peticion(
        `/socios/exportar?${consultaExportacion(formato, filtros)}`,
        {
          cabeceras: { Accept: "*/*" },
        },
      );
      const nombre = nombreDeDescarga(respuesta.headers.get("Content-Disposition"), formato);
      guardarBlob(await respuesta.blob(), nombre);
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("sociosIo.errorExportar"),
        message: mensajeDeError(error),
      });
    } finally {
      setExportando(null);
    }
  }

  return (
    <>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportando === "csv"}
          disabled={exportando !== null}
          onClick={() => exportar("csv")}
        >
          {t("sociosIo.exportarCsv")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={exportando === "xlsx"}
          disabled={exportando !== null}
          onClick={() => exportar("xlsx")}
        >
          {t("sociosIo.exportarExcel")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          onClick={() => setImportarAbierto(true)}
        >
          {t("sociosIo.importar")}
        </Button>
      </Group>
      <ImportarSociosModal abierto={importarAbierto} alCerrar={() => setImportarAbierto(false)} />
    </>
  );
}
