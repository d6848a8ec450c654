import { ErrorHttp, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, peticion } from "../../lib/api";
import { guardarBlob, nombreDeArchivo } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";

export type InformeImportacion = {
  filas: number;
  validas: number;
  rechazadas: { fila: number; errores: { campo: string; mensaje: string }[] }[];
  importadas: number;
};

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

/** Multipart upload (field `archivo`). */
async function subirImportacion(archivo: File, confirmar: boolean): Promise<InformeImportacion> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  return api.subir<InformeImportacion>(`/socios/importar?confirmar=${confirmar ? 1 : 0}`, datos);
}

/** A rejected real run answers 400 with the whole report: show it like the dry run's. */
function informeDelError(error: unknown): InformeImportacion | null {
  if (!(error instanceof ErrorHttp) || typeof error.cuerpo !== "object" || !error.cuerpo) {
    return null;
  }
  const cuerpo = error.cuerpo as Partial<InformeImportacion>;
  return Array.isArray(cuerpo.rechazadas) ? (cuerpo as InformeImportacion) : null;
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

function ImportarSociosModal({ abierto, alCerrar }: { abierto: boolean; alCerrar: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [informe, setInforme] = useState<InformeImportacion | null>(null);
  const [importadas, setImportadas] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState<"prueba" | "real" | null>(null);

  function reiniciar() {
    setArchivo(null);
    setInforme(null);
    setImportadas(null);
    setError(null);
  }

  function cerrar() {
    reiniciar();
    alCerrar();
  }

  async function enviar(confirmar: boolean) {
    if (!archivo) return;
    setError(null);
    setEnviando(confirmar ? "real" : "prueba");
    try {
      const resultado = await subirImportacion(archivo, confirmar);
      setInforme(resultado);
      if (confirmar) {
        setImportadas(resultado.importadas);
        await queryClient.invalidateQueries({ queryKey: ["socios"] });
        notifications.show({
          color: "green",
          title: t("sociosIo.importados"),
          message: t("sociosIo.importadosTexto", { count: resultado.importadas }),
        });
      }
    } catch (e) {
      const rechazo = informeDelError(e);
      if (rechazo) setInforme(rechazo);
      setError(mensajeDeError(e));
    } finally {
      setEnviando(null);
    }
  }

  const sinRechazos = informe !== null && informe.rechazadas.length === 0;
  const puedeImportar = sinRechazos && informe.validas > 0 && importadas === null;

  return (
    <Modal opened={abierto} onClose={cerrar} title={t("sociosIo.tituloImportar")} size="xl">
      <Stack>
        <Text size="sm">{t("sociosIo.ayudaImportar")}</Text>
        <FileInput
          label={t("sociosIo.fichero")}
          placeholder={t("sociosIo.elegirFichero")}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={archivo}
          onChange={(f) => {
            reiniciar();
            setArchivo(f);
          }}
          clearable
          disabled={enviando !== null}
        />
        {error ? (
          <Alert role="alert" color="red" title={t("sociosIo.tituloError")}>
            {error}
          </Alert>
        ) : null}
        {importadas !== null ? (
          <Alert color="green" title={t("sociosIo.importados")}>
            {t("sociosIo.importadosTexto", { count: importadas })}
          </Alert>
        ) : null}
        {informe && importadas === null ? (
          <>
            <Text size="sm" data-testid="resumen-importacion">
              {t("sociosIo.resumen", {
                filas: informe.filas,
                validas: informe.validas,
                rechazadas: informe.rechazadas.length,
              })}
            </Text>
            {sinRechazos ? (
              <Alert color="green">{t("sociosIo.todoCorrecto")}</Alert>
            ) : (
              <TablaRechazos informe={informe} />
            )}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={cerrar}>
            {importadas === null ? t("comun.cancelar") : t("comun.cerrar")}
          </Button>
          {importadas === null ? (
            <>
              <Button
                variant="light"
                disabled={!archivo || enviando !== null}
                loading={enviando === "prueba"}
                onClick={() => enviar(false)}
              >
                {t("sociosIo.comprobar")}
              </Button>
              <Button
                disabled={!puedeImportar || enviando !== null}
                loading={enviando === "real"}
                onClick={() => enviar(true)}
              >
                {t("sociosIo.importarN", { count: informe?.validas ?? 0 })}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

function TablaRechazos({ informe }: { informe: InformeImportacion }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Alert color="orange" title={t("sociosIo.hayRechazos")}>
        {t("sociosIo.hayRechazosTexto")}
      </Alert>
      <ScrollArea.Autosize mah={360}>
        <Table striped withTableBorder stickyHeader aria-label={t("sociosIo.filasRechazadas")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("sociosIo.fila")}</Table.Th>
              <Table.Th>{t("sociosIo.columna")}</Table.Th>
              <Table.Th>{t("sociosIo.motivo")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {informe.rechazadas.flatMap((r) =>
              r.errores.map((e) => (
                <Table.Tr key={`${r.fila}-${e.campo}-${e.mensaje}`}>
                  <Table.Td>{e === r.errores[0] ? r.fila : ""}</Table.Td>
                  <Table.Td>{e.campo}</Table.Td>
                  <Table.Td>{e.mensaje}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
