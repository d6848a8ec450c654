import {
  CAMPOS_IMPORTACION,
  type CampoImportacion,
  ErrorHttp,
  type InformeImportacion,
  type MapaImportacion,
  type ModoImportacion,
  mensajeDeError,
} from "@fila/domain";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import {
  aplicarRecordado,
  elegirCampo,
  leerMapaRecordado,
  mapaDe,
  mismoMapa,
  recordarMapa,
} from "./mapa-importacion";

type Envio = { confirmar: boolean; modo: ModoImportacion; mapa: MapaImportacion | null };

/** Multipart upload: the file in `archivo` and the board's mapping in `mapa`. */
async function subirImportacion(archivo: File, { confirmar, modo, mapa }: Envio) {
  const datos = new FormData();
  datos.append("archivo", archivo);
  if (mapa) datos.append("mapa", JSON.stringify(mapa));
  return api.subir<InformeImportacion>(
    `/socios/importar?confirmar=${confirmar ? 1 : 0}&modo=${modo}`,
    datos,
  );
}

/** A refused run answers 400 with the whole report: show it like the dry run's. */
function informeDelError(error: unknown): InformeImportacion | null {
  if (!(error instanceof ErrorHttp) || typeof error.cuerpo !== "object" || !error.cuerpo) {
    return null;
  }
  const cuerpo = error.cuerpo as Partial<InformeImportacion>;
  return Array.isArray(cuerpo.rechazadas) && Array.isArray(cuerpo.columnas)
    ? (cuerpo as InformeImportacion)
    : null;
}

type Resultado = { informe: InformeImportacion | null; error: string | null };

async function probar(archivo: File, envio: Envio): Promise<Resultado> {
  try {
    return { informe: await subirImportacion(archivo, envio), error: null };
  } catch (e) {
    return { informe: informeDelError(e), error: mensajeDeError(e) };
  }
}

const NO_IMPORTAR = "-";

export function ImportarSociosModal({
  abierto,
  alCerrar,
}: {
  abierto: boolean;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [modo, setModo] = useState<ModoImportacion>("altas");
  const [mapa, setMapa] = useState<MapaImportacion | null>(null);
  const [informe, setInforme] = useState<InformeImportacion | null>(null);
  const [importadas, setImportadas] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState<"prueba" | "real" | null>(null);
  // Only the answer to the latest dry run counts (the board may change two columns quickly).
  const ultimaPrueba = useRef(0);

  function reiniciar() {
    setArchivo(null);
    setMapa(null);
    setInforme(null);
    setImportadas(null);
    setError(null);
  }

  function cerrar() {
    reiniciar();
    alCerrar();
  }

  async function comprobar(envio: { modo: ModoImportacion; mapa: MapaImportacion | null }) {
    if (!archivo) return;
    const numero = ++ultimaPrueba.current;
    setEnviando("prueba");
    let resultado = await probar(archivo, { ...envio, confirmar: false });
    let elegido = envio.mapa;
    if (!elegido && resultado.informe) {
      // First look at this file: propose what the board chose last time for its headers.
      const columnas = resultado.informe.columnas;
      elegido = aplicarRecordado(columnas, leerMapaRecordado());
      if (!mismoMapa(elegido, mapaDe(columnas))) {
        resultado = await probar(archivo, { ...envio, mapa: elegido, confirmar: false });
      }
    }
    if (numero !== ultimaPrueba.current) return;
    setInforme(resultado.informe);
    setError(resultado.error);
    setMapa(resultado.informe ? mapaDe(resultado.informe.columnas) : elegido);
    setEnviando(null);
  }

  function cambiarCampo(cabecera: string, campo: CampoImportacion | null) {
    const nuevo = elegirCampo(mapa ?? {}, cabecera, campo);
    setMapa(nuevo);
    void comprobar({ modo, mapa: nuevo });
  }

  function cambiarModo(nuevo: ModoImportacion) {
    setModo(nuevo);
    if (informe || error) void comprobar({ modo: nuevo, mapa });
  }

  async function importar() {
    if (!archivo) return;
    setEnviando("real");
    const { informe: resultado, error: fallo } = await probar(archivo, {
      confirmar: true,
      modo,
      mapa,
    });
    setEnviando(null);
    setInforme(resultado);
    setError(fallo);
    if (fallo || !resultado) return;
    if (mapa) recordarMapa(mapa);
    setImportadas(resultado.importadas);
    await queryClient.invalidateQueries({ queryKey: ["socios"] });
    notifications.show({
      color: "green",
      title: t("sociosIo.importados"),
      message: t("sociosIo.importadosTexto", { count: resultado.importadas }),
    });
  }

  const aEscribir = informe ? informe.nuevas + informe.actualizadas : 0;
  const puedeImportar =
    informe !== null &&
    error === null &&
    informe.rechazadas.length === 0 &&
    aEscribir > 0 &&
    importadas === null;
  const noSeImportan = (informe?.columnas ?? [])
    .filter((c) => c.campo === null)
    .map((c) => c.cabecera || t("sociosIo.sinCabecera"));

  return (
    <Modal
      opened={abierto}
      onClose={cerrar}
      title={t("sociosIo.tituloImportar")}
      size="xl"
      closeButtonProps={{ "aria-label": t("comun.cerrar") }}
    >
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
          clearButtonProps={{ "aria-label": t("sociosIo.quitarFichero") }}
          disabled={enviando !== null}
        />
        <Radio.Group
          label={t("sociosIo.modo")}
          value={modo}
          onChange={(v) => cambiarModo(v as ModoImportacion)}
        >
          <Stack gap={4} mt={4}>
            <Radio value="altas" label={t("sociosIo.modoAltas")} disabled={importadas !== null} />
            <Radio
              value="actualizar"
              label={t("sociosIo.modoActualizar")}
              disabled={importadas !== null}
            />
          </Stack>
        </Radio.Group>
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
            <TablaColumnas
              informe={informe}
              mapa={mapa ?? mapaDe(informe.columnas)}
              deshabilitado={enviando === "real"}
              alCambiar={cambiarCampo}
            />
            {noSeImportan.length > 0 ? (
              <Alert color="yellow" data-testid="columnas-no-importadas">
                {t("sociosIo.noSeImportan", { columnas: noSeImportan.join(", ") })}
              </Alert>
            ) : null}
            <Text size="sm" data-testid="resumen-importacion" aria-live="polite">
              {t("sociosIo.resumen", {
                filas: informe.filas,
                nuevas: informe.nuevas,
                actualizadas: informe.actualizadas,
                sinCambios: informe.sinCambios,
                rechazadas: informe.rechazadas.length,
              })}
            </Text>
            {informe.avisos.length > 0 ? <NotasDelInforme informe={informe} de="avisos" /> : null}
            {informe.rechazadas.length > 0 ? (
              <NotasDelInforme informe={informe} de="rechazos" />
            ) : error === null ? (
              <Alert color="green">
                {aEscribir > 0 ? t("sociosIo.todoCorrecto") : t("sociosIo.nadaQueCambiar")}
              </Alert>
            ) : null}
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
                onClick={() => void comprobar({ modo, mapa })}
              >
                {t("sociosIo.comprobar")}
              </Button>
              <Button
                disabled={!puedeImportar || enviando !== null}
                loading={enviando === "real"}
                onClick={() => void importar()}
              >
                {t("sociosIo.importarN", { count: aEscribir })}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

function TablaColumnas({
  informe,
  mapa,
  deshabilitado,
  alCambiar,
}: {
  informe: InformeImportacion;
  mapa: MapaImportacion;
  deshabilitado: boolean;
  alCambiar: (cabecera: string, campo: CampoImportacion | null) => void;
}) {
  const { t } = useTranslation();
  const opciones = [
    { value: NO_IMPORTAR, label: t("sociosIo.noImportar") },
    ...CAMPOS_IMPORTACION.map((c) => ({ value: c, label: t(`sociosIo.campos.${c}`) })),
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t("sociosIo.pasoColumnas")}
      </Title>
      <ScrollArea.Autosize mah={360} viewportProps={{ tabIndex: 0 }}>
        <Table
          striped
          withTableBorder
          stickyHeader
          aria-label={t("sociosIo.tablaColumnas")}
          captionSide="top"
          data={{
            caption: t("sociosIo.ayudaColumnas"),
            head: [t("sociosIo.columnaFichero"), t("sociosIo.ejemplos"), t("sociosIo.campo")],
            body: informe.columnas.map((c) => {
              const nombre = c.cabecera || t("sociosIo.sinCabecera");
              const elegir = (v: string | null) =>
                alCambiar(c.cabecera, v && v !== NO_IMPORTAR ? (v as CampoImportacion) : null);
              return [
                nombre,
                c.ejemplos.join(" · "),
                <Select
                  key="campo"
                  miw={220}
                  aria-label={t("sociosIo.campoDe", { cabecera: nombre })}
                  data={opciones}
                  value={mapa[c.cabecera] ?? NO_IMPORTAR}
                  onChange={elegir}
                  allowDeselect={false}
                  searchable
                  disabled={deshabilitado}
                />,
              ];
            }),
          }}
        />
      </ScrollArea.Autosize>
    </Stack>
  );
}

type Nota = { fila: number | null; campo: string; mensaje: string };

/** The warnings or the rejections of a report: a note on top, then row · column · text. */
function TablaNotas({
  color,
  titulo,
  texto,
  etiqueta,
  ultimaColumna,
  notas,
}: {
  color: string;
  titulo: string;
  texto: string;
  etiqueta: string;
  ultimaColumna: string;
  notas: Nota[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Alert color={color} title={titulo}>
        {texto}
      </Alert>
      <ScrollArea.Autosize mah={300} viewportProps={{ tabIndex: 0 }}>
        <Table
          striped
          withTableBorder
          stickyHeader
          aria-label={etiqueta}
          data={{
            head: [t("sociosIo.fila"), t("sociosIo.columna"), ultimaColumna],
            body: notas.map((n) => [n.fila ?? "", n.campo, n.mensaje]),
          }}
        />
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Each list of notes with its own texts (keys of sociosIo in es.json). */
const TEXTOS_NOTAS = {
  avisos: {
    color: "blue",
    titulo: "avisos",
    texto: "avisosTexto",
    etiqueta: "tablaAvisos",
    ultima: "cambio",
  },
  rechazos: {
    color: "orange",
    titulo: "hayRechazos",
    texto: "hayRechazosTexto",
    etiqueta: "filasRechazadas",
    ultima: "motivo",
  },
} as const;

/** The report's warnings, or its rejections (the row number once, on its first error). */
function NotasDelInforme({
  informe,
  de,
}: {
  informe: InformeImportacion;
  de: keyof typeof TEXTOS_NOTAS;
}) {
  const { t } = useTranslation();
  const textos = TEXTOS_NOTAS[de];
  const notas =
    de === "avisos"
      ? informe.avisos
      : informe.rechazadas.flatMap((r) =>
          r.errores.map((e, i) => ({ ...e, fila: i === 0 ? r.fila : null })),
        );
  return (
    <TablaNotas
      color={textos.color}
      titulo={t(`sociosIo.${textos.titulo}`)}
      texto={t(`sociosIo.${textos.texto}`)}
      etiqueta={t(`sociosIo.${textos.etiqueta}`)}
      ultimaColumna={t(`sociosIo.${textos.ultima}`)}
      notas={notas}
    />
  );
}
