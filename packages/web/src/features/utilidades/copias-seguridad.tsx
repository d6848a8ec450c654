import "mantine-datatable/styles.css";
import { formatearFechaHora, mensajeDeError } from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  PasswordInput,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDatabaseExport, IconDownload, IconRestore, IconUpload } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { useCerrarSesion } from "../../app/use-cerrar-sesion";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { useAsociacion } from "../remesas/use-remesas";
import { erroresDeServidor } from "../socios/errores-formulario";
import {
  type CopiaAutomatica,
  descargarConProgreso,
  formatearTamanyo,
  type Progreso,
  subirRestauracion,
  useCopiasAutomaticas,
} from "./use-copias";

const TAMANYOS_PAGINA = [10, 25, 50];

function BarraProgreso({ progreso, etiqueta }: { progreso: Progreso; etiqueta: string }) {
  const { t } = useTranslation();
  const porcentaje = progreso.total ? Math.round((progreso.hechos / progreso.total) * 100) : null;
  return (
    <Stack gap={4}>
      <Progress
        value={porcentaje ?? 100}
        animated={porcentaje === null}
        aria-label={etiqueta}
        data-testid="progreso-copia"
      />
      <Text size="sm" c="dimmed">
        {porcentaje === null
          ? t("copias.progresoSinTotal", { hechos: formatearTamanyo(progreso.hechos) })
          : t("copias.progreso", {
              hechos: formatearTamanyo(progreso.hechos),
              total: formatearTamanyo(progreso.total ?? 0),
              porcentaje,
            })}
      </Text>
    </Stack>
  );
}

/** Download of the whole filà, the automatic copies and the restore (administrador). */
export function CopiasSeguridad() {
  const { t } = useTranslation();
  const [descarga, setDescarga] = useState<Progreso | null>(null);

  async function descargar() {
    setDescarga({ hechos: 0, total: null });
    try {
      await descargarConProgreso("/utilidades/copia", "fila-copia.fila.gz", setDescarga);
      notifications.show({ color: "green", message: t("copias.descargada") });
    } catch (e) {
      notificarError(e, t("copias.errorDescarga"));
    } finally {
      setDescarga(null);
    }
  }

  return (
    <Stack gap="xl" maw={900}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("copias.descargarTitulo")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("copias.descargarIntro")}
        </Text>
        <Group>
          <Button
            leftSection={<IconDatabaseExport size={18} aria-hidden />}
            onClick={() => void descargar()}
            loading={descarga !== null}
          >
            {t("copias.descargar")}
          </Button>
        </Group>
        {descarga ? <BarraProgreso progreso={descarga} etiqueta={t("copias.descargando")} /> : null}
      </Stack>
      <RestaurarCopia />
      <CopiasAutomaticas />
    </Stack>
  );
}

function CopiasAutomaticas() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const lista = useCopiasAutomaticas(page, pageSize);

  async function bajar(nombre: string) {
    try {
      await descargarConProgreso(
        `/utilidades/copias/${encodeURIComponent(nombre)}`,
        nombre,
        () => {},
      );
    } catch (e) {
      notificarError(e, t("copias.errorDescarga"));
    }
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t("copias.automaticasTitulo")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("copias.automaticasIntro")}
      </Text>
      {lista.isError ? (
        <Alert role="alert" color="red" title={t("copias.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<CopiaAutomatica>
        aria-label={t("copias.automaticasTitulo")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={lista.data && lista.data.items.length > 0 ? undefined : 120}
        records={lista.data?.items ?? []}
        idAccessor="nombre"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("copias.sinAutomaticas")}
        page={page}
        onPageChange={setPage}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={TAMANYOS_PAGINA}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
        columns={[
          {
            accessor: "creada",
            title: t("copias.columnas.fecha"),
            render: (c) => formatearFechaHora(c.creada),
          },
          { accessor: "nombre", title: t("copias.columnas.nombre") },
          {
            accessor: "bytes",
            title: t("copias.columnas.tamanyo"),
            textAlign: "right",
            render: (c) => formatearTamanyo(c.bytes),
          },
          {
            accessor: "acciones",
            title: t("copias.columnas.acciones"),
            textAlign: "right",
            render: (c) => {
              const etiqueta = t("copias.descargarDe", { nombre: c.nombre });
              return (
                <Tooltip label={etiqueta}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={etiqueta}
                    onClick={() => void bajar(c.nombre)}
                  >
                    <IconDownload size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              );
            },
          },
        ]}
      />
    </Stack>
  );
}

function RestaurarCopia() {
  const { t } = useTranslation();
  const asociacion = useAsociacion();
  const cerrarSesion = useCerrarSesion();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [abierto, setAbierto] = useState(false);
  const [password, setPassword] = useState("");
  const [nombre, setNombre] = useState("");
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [subida, setSubida] = useState<Progreso | null>(null);
  const [restaurando, setRestaurando] = useState(false);
  const nombreAsociacion = asociacion.data?.nombre ?? "";

  function cerrar() {
    if (restaurando) return;
    setAbierto(false);
    setPassword("");
    setNombre("");
    setErrores({});
    setError(null);
  }

  async function restaurar() {
    if (!archivo) return;
    setError(null);
    setErrores({});
    setRestaurando(true);
    setSubida({ hechos: 0, total: archivo.size });
    try {
      const resumen = await subirRestauracion({ archivo, password, nombre }, setSubida);
      notifications.show({
        color: "green",
        autoClose: false,
        title: t("copias.restaurada"),
        message:
          resumen.totpPorConfigurar > 0
            ? `${t("copias.restauradaDetalle", resumen)} ${t("copias.restauradaTotp", resumen)}`
            : t("copias.restauradaDetalle", resumen),
      });
      await cerrarSesion();
    } catch (e) {
      const r = erroresDeServidor(e, ["password", "nombre"]);
      setErrores(r.campos);
      // A message already shown under its field is not repeated above.
      const enCampos = Object.values(r.campos);
      const sueltos = [...new Set([r.general, ...r.otros])].filter((m) => !enCampos.includes(m));
      setError(sueltos.join(" ") || null);
      setRestaurando(false);
      setSubida(null);
    }
  }

  const subidaAcabada = subida?.total != null && subida.hechos >= subida.total;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t("copias.restaurarTitulo")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("copias.restaurarIntro")}
      </Text>
      <Group align="flex-end">
        <FileInput
          label={t("copias.archivo")}
          placeholder={t("copias.archivoAyuda")}
          accept=".gz,application/gzip"
          leftSection={<IconUpload size={16} aria-hidden />}
          value={archivo}
          onChange={setArchivo}
          clearable
          w={340}
        />
        <Button
          color="red"
          variant="light"
          leftSection={<IconRestore size={18} aria-hidden />}
          disabled={!archivo}
          onClick={() => setAbierto(true)}
        >
          {t("copias.restaurar")}
        </Button>
      </Group>
      <Modal opened={abierto} onClose={cerrar} title={t("copias.confirmarTitulo")} size="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void restaurar();
          }}
          noValidate
        >
          <Stack gap="md">
            <Alert color="red" title={t("copias.avisoTitulo")}>
              {t("copias.aviso")}
            </Alert>
            {error ? (
              <Alert role="alert" color="red" title={t("copias.errorRestaurar")}>
                {error}
              </Alert>
            ) : null}
            <PasswordInput
              label={t("copias.password")}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errores.password}
              disabled={restaurando}
            />
            <TextInput
              label={t("copias.nombre", { nombre: nombreAsociacion })}
              description={t("copias.nombreAyuda")}
              required
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
              error={errores.nombre}
              disabled={restaurando}
              autoComplete="off"
            />
            {subida ? (
              subidaAcabada ? (
                <Stack gap={4}>
                  <Progress value={100} animated aria-label={t("copias.restaurando")} />
                  <Text size="sm">{t("copias.restaurando")}</Text>
                </Stack>
              ) : (
                <BarraProgreso progreso={subida} etiqueta={t("copias.subiendo")} />
              )
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={cerrar} disabled={restaurando}>
                {t("copias.cancelar")}
              </Button>
              <Button
                type="submit"
                color="red"
                loading={restaurando}
                disabled={password === "" || nombre.trim() === ""}
              >
                {t("copias.confirmar")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
