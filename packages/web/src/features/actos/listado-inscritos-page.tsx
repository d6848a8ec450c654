import "mantine-datatable/styles.css";
import {
  formatearFecha,
  hoyIso,
  type Inscripcion,
  type ListadoInscritos,
  mensajeDeError,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconFileSpreadsheet, IconFileTypePdf, IconScan, IconSearch } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { lazy, Suspense, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { descargarDeApi } from "../../lib/descargar";
import type { TFunction } from "../../lib/i18n";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { TipoBadge } from "../socios/tipo-badge";
import { nombreCompleto } from "../socios/tipos";
import { CabeceraActos, FilasPorMenu } from "./cabecera-actos";
import { ControlAcceso } from "./control-acceso";
import { euros, fechaConHora, puedeMarcarAsistencia } from "./formato-actos";
import { PlanoMesas } from "./plano-mesas";
import {
  useAsistencia,
  useListaActos,
  useListadoInscritos,
  useMutacionesInscripcion,
} from "./use-actos";

// The general assembly (issue 48): a tab of this page, in its own chunk.
const AsambleaTab = lazy(() =>
  import("../asamblea/asamblea-tab").then((m) => ({ default: m.AsambleaTab })),
);

/** Rows per page of both lists (issue 51: the server pages them; an event may have thousands). */
const TAMANYO_PAGINA = 50;

const COLOR_ESTADO: Record<string, string> = {
  pendiente: "orange",
  pagado: "green",
  anulado: "gray",
  devuelto: "red",
};

/** The member's full name, first column of both lists. */
function columnaSocio(t: TFunction) {
  return {
    accessor: "socio",
    title: t("actos.listado.socio"),
    render: (i: Inscripcion) => (
      <Text size="sm" fw={500}>
        {nombreCompleto(i.socio)}
      </Text>
    ),
  };
}

/** "5 socios + 1 invitado". */
function sociosEInvitados(t: TFunction, socios: number, invitados: number): string {
  return t("actos.listado.sociosEInvitados", {
    socios: t("actos.listado.socios", { count: socios }),
    invitados: t("actos.listado.invitados", { count: invitados }),
  });
}

/** Administrador: the people enrolled in one event, their attendance, totals and exports. */
export function ListadoInscritosPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  const proximos = useListaActos({ cuando: "proximos", q: "", page: 1, pageSize: 200 });
  const pasados = useListaActos({ cuando: "pasados", q: "", page: 1, pageSize: 50 });

  const pedido = Number(params.get("acto"));
  const porDefecto = proximos.data?.items[0]?.id ?? pasados.data?.items[0]?.id ?? null;
  const idActo = Number.isInteger(pedido) && pedido > 0 ? pedido : porDefecto;
  // The confirmed, a page at a time and searched on the server; the wait-list, its own pages.
  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [pagina, setPagina] = useState(1);
  const [paginaEspera, setPaginaEspera] = useState(1);
  // Another event starts again from its first page, with no search.
  const [actoDeLaPagina, setActoDeLaPagina] = useState(idActo);
  if (actoDeLaPagina !== idActo) {
    setActoDeLaPagina(idActo);
    setTexto("");
    setPagina(1);
    setPaginaEspera(1);
  }
  const listado = useListadoInscritos(idActo, {
    estado: "confirmada",
    page: pagina,
    pageSize: TAMANYO_PAGINA,
    q,
  });
  const espera = useListadoInscritos(idActo, {
    estado: "en_espera",
    page: paginaEspera,
    pageSize: TAMANYO_PAGINA,
    q: "",
  });

  if (usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;

  const opciones = [
    {
      group: t("actos.pestanyas.proximos"),
      items: (proximos.data?.items ?? []).map((a) => ({
        value: String(a.id),
        label: `${fechaConHora(a.fecha, a.hora)} — ${a.nombre}`,
      })),
    },
    {
      group: t("actos.pestanyas.pasados"),
      items: (pasados.data?.items ?? []).map((a) => ({
        value: String(a.id),
        label: `${fechaConHora(a.fecha, a.hora)} — ${a.nombre}`,
      })),
    },
  ].filter((g) => g.items.length > 0);
  const acto = listado.data?.acto;
  // An event given by URL that is not among the listed ones still shows by its name.
  if (acto && !opciones.some((g) => g.items.some((i) => i.value === String(acto.id)))) {
    opciones.unshift({
      group: t("actos.listado.elegido"),
      items: [
        {
          value: String(acto.id),
          label: `${fechaConHora(acto.fecha, acto.hora)} — ${acto.nombre}`,
        },
      ],
    });
  }

  // «Control de acceso»: the same page, in its door mode (?vista=acceso), for a phone.
  // Without waiting for the listing: the door keeps working when the signal comes and goes.
  if (params.get("vista") === "acceso" && idActo !== null) {
    return (
      <Stack gap="sm">
        <Button
          variant="subtle"
          w="fit-content"
          onClick={() => setParams({ acto: String(idActo) }, { replace: true })}
        >
          {t("actos.acceso.volver")}
        </Button>
        <ControlAcceso key={idActo} idActo={idActo} nombreActo={listado.data?.acto.nombre ?? ""} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <CabeceraActos titulo={t("actos.listado.titulo")} intro={t("actos.listado.intro")} />
      <Group align="flex-end" justify="space-between">
        <Select
          label={t("actos.listado.acto")}
          data={opciones}
          value={idActo === null ? null : String(idActo)}
          onChange={(v) => v && setParams({ acto: v }, { replace: true })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t("actos.sinActos")}
          w={{ base: "100%", sm: 460 }}
        />
        <Group gap="xs">
          {acto && acto.plazasPorMesa !== null ? (
            <Button
              variant={params.get("vista") === "mesas" ? "filled" : "light"}
              onClick={() =>
                setParams(
                  params.get("vista") === "mesas"
                    ? { acto: String(acto.id) }
                    : { acto: String(acto.id), vista: "mesas" },
                )
              }
            >
              {t("actos.cena.vistaMesas")}
            </Button>
          ) : null}
          {acto && acto.fecha === hoyIso() && !acto.cancelado ? (
            <Button
              leftSection={<IconScan size={16} aria-hidden />}
              onClick={() => setParams({ acto: String(acto.id), vista: "acceso" })}
            >
              {t("actos.acceso.abrir")}
            </Button>
          ) : null}
          {idActo !== null ? <Exportaciones idActo={idActo} /> : null}
        </Group>
      </Group>
      {idActo === null && proximos.isSuccess && pasados.isSuccess ? (
        <Text c="dimmed">{t("actos.sinActos")}</Text>
      ) : null}
      {listado.isError ? (
        <Alert role="alert" color="red" title={t("actos.errorCarga")}>
          {mensajeDeError(listado.error)}
        </Alert>
      ) : null}
      {idActo !== null ? (
        <Tabs
          value={params.get("vista") === "asamblea" ? "asamblea" : "inscritos"}
          onChange={(v) =>
            setParams(
              v === "asamblea"
                ? { acto: String(idActo), vista: "asamblea" }
                : { acto: String(idActo) },
              { replace: true },
            )
          }
        >
          <Tabs.List>
            <Tabs.Tab value="inscritos">{t("actos.listado.titulo")}</Tabs.Tab>
            <Tabs.Tab value="asamblea">{t("asamblea.pestanya")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : null}
      {params.get("vista") === "asamblea" && idActo !== null ? (
        <Suspense fallback={null}>
          <AsambleaTab key={idActo} idActo={idActo} />
        </Suspense>
      ) : listado.data && params.get("vista") === "mesas" ? (
        <PlanoMesas idActo={listado.data.acto.id} />
      ) : listado.data ? (
        <Contenido
          idActo={listado.data.acto.id}
          datos={listado.data}
          cargando={listado.isFetching}
          busqueda={{
            texto,
            q,
            alCambiar: (valor) => {
              setTexto(valor);
              setPagina(1);
            },
          }}
          pagina={pagina}
          alCambiarPagina={setPagina}
          espera={espera.data}
          paginaEspera={paginaEspera}
          alCambiarPaginaEspera={setPaginaEspera}
        />
      ) : null}
    </Stack>
  );
}

function Exportaciones({ idActo }: { idActo: number }) {
  const { t } = useTranslation();
  const [exportando, setExportando] = useState<"pdf" | "xlsx" | null>(null);

  async function exportar(formato: "pdf" | "xlsx") {
    setExportando(formato);
    try {
      await descargarDeApi(
        `/actos/${idActo}/inscripciones/export?formato=${formato}`,
        `inscritos-${idActo}.${formato}`,
      );
    } catch (e) {
      notificarError(e, t("actos.listado.errorExportar"));
    } finally {
      setExportando(null);
    }
  }

  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={exportando === "pdf"}
        disabled={exportando !== null}
        onClick={() => void exportar("pdf")}
      >
        {t("actos.listado.exportarPdf")}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        loading={exportando === "xlsx"}
        disabled={exportando !== null}
        onClick={() => void exportar("xlsx")}
      >
        {t("actos.listado.exportarExcel")}
      </Button>
    </Group>
  );
}

function Contenido({
  idActo,
  datos,
  cargando,
  busqueda,
  pagina,
  alCambiarPagina,
  espera,
  paginaEspera,
  alCambiarPaginaEspera,
}: {
  idActo: number;
  /** A page of the confirmed (with the event's totals). */
  datos: ListadoInscritos;
  cargando: boolean;
  busqueda: { texto: string; q: string; alCambiar: (texto: string) => void };
  pagina: number;
  alCambiarPagina: (pagina: number) => void;
  /** A page of the wait-list, in order. */
  espera: ListadoInscritos | undefined;
  paginaEspera: number;
  alCambiarPaginaEspera: (pagina: number) => void;
}) {
  const { t } = useTranslation();
  // A fixed page size: no «Por página» selector.
  const { recordsPerPageLabel: _sinSelector, ...textosTabla } = useTextosTabla();
  const asistencia = useAsistencia(idActo);
  const { acto, totales } = datos;
  const items = datos.items;
  const enEspera = espera?.items ?? [];
  // A cancelled event shows its badge; one still to come says from when (the API refuses both).
  const asistenciaAbierta = puedeMarcarAsistencia(acto.fecha) && !acto.cancelado;

  // The box shows the click at once (the cache's optimistic update comes a tick later).
  const [marcas, setMarcas] = useState<Record<number, boolean>>({});

  function marcar(i: Inscripcion, asistio: boolean) {
    setMarcas((m) => ({ ...m, [i.id]: asistio }));
    asistencia.mutate(
      { idInscripcion: i.id, asistio },
      {
        onError: (e) => notificarError(e, t("actos.listado.errorAsistencia")),
        onSettled: () =>
          setMarcas((m) => {
            const { [i.id]: _hecha, ...resto } = m;
            return resto;
          }),
      },
    );
  }

  return (
    <Stack gap="lg">
      {acto.imagen?.startsWith("/api/") ? (
        <ImagenApi
          ruta={acto.imagen}
          alt={t("actos.imagen.alt", { nombre: acto.nombre })}
          h={200}
          fit="contain"
          radius="md"
        />
      ) : null}
      <Group gap="xs">
        <Text fw={600}>{fechaConHora(acto.fecha, acto.hora)}</Text>
        {acto.lugar ? <Text c="dimmed">· {acto.lugar}</Text> : null}
        {acto.cancelado ? (
          <Badge color="red" variant="light">
            {t("actos.cancelado")}
          </Badge>
        ) : null}
        {acto.puntos > 0 ? (
          <Badge variant="light">
            {t("actos.listado.puntosPorAsistir", { count: acto.puntos })}
          </Badge>
        ) : null}
        {asistenciaAbierta || acto.cancelado ? null : (
          <Text size="sm" c="dimmed">
            {t("actos.listado.asistenciaDesde", { fecha: formatearFecha(acto.fecha) })}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder radius="md" aria-label={t("actos.listado.totales")} component="section">
          <Title order={2} size="h4" mb="xs">
            {t("actos.listado.totales")}
          </Title>
          <Text data-testid="total-personas">
            {t("actos.listado.personas", { count: totales.personas })}
          </Text>
          <Text size="sm" c="dimmed">
            {sociosEInvitados(t, totales.socios, totales.invitados)}
          </Text>
          {acto.sePaga ? (
            <Text mt="xs">
              {t("actos.listado.importeTotal", { importe: euros(totales.importe) })}
            </Text>
          ) : null}
        </Card>
        <Card withBorder radius="md" component="section" aria-label={t("actos.listado.porMenu")}>
          <Title order={2} size="h4" mb="xs">
            {t("actos.listado.porMenu")}
          </Title>
          <Table>
            <Table.Tbody>
              <FilasPorMenu porMenu={totales.porMenu} />
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="md" component="section" aria-label={t("actos.listado.porTipo")}>
          <Title order={2} size="h4" mb="xs">
            {t("actos.listado.porTipo")}
          </Title>
          <Table>
            <Table.Tbody>
              {totales.porTipoSocio.map((p) => (
                <Table.Tr key={p.idTipoSocio ?? "sin-tipo"}>
                  <Table.Td>
                    <TipoBadge tipo={{ nombre: p.nombre, color: p.color }} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">{sociosEInvitados(t, p.socios, p.invitados)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
      <TextInput
        type="search"
        label={t("actos.listado.buscar")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={busqueda.texto}
        onChange={(e) => busqueda.alCambiar(e.currentTarget.value)}
        maw={420}
      />
      <DataTable<Inscripcion>
        aria-label={t("actos.listado.tabla")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={items.length > 0 ? undefined : 160}
        records={items}
        idAccessor="id"
        fetching={cargando}
        // Scrollable with the keyboard even when its attendance boxes wait for the event's day.
        {...textosTabla}
        noRecordsText={
          busqueda.q
            ? t("actos.listado.sinCoincidencias", { q: busqueda.q })
            : t("actos.listado.vacio")
        }
        page={pagina}
        onPageChange={alCambiarPagina}
        totalRecords={datos.total}
        recordsPerPage={TAMANYO_PAGINA}
        columns={[
          columnaSocio(t),
          {
            accessor: "tipo",
            title: t("actos.campos.tipoSocio"),
            render: (i) => <TipoBadge tipo={i.socio.tipo} size="sm" />,
          },
          { accessor: "invitados", title: t("actos.campos.invitados"), textAlign: "right" },
          { accessor: "menu", title: t("actos.campos.menu") },
          {
            accessor: "alergias",
            title: t("actos.campos.alergias"),
            render: (i) => (
              <Text size="sm" c={i.alergias ? "red.8" : "dimmed"}>
                {i.alergias || "—"}
              </Text>
            ),
          },
          {
            accessor: "importe",
            hidden: !acto.sePaga,
            title: t("actos.listado.importe"),
            textAlign: "right",
            render: (i) => euros(i.importe),
          },
          {
            accessor: "estadoPago",
            hidden: !acto.sePaga,
            title: t("actos.listado.pago"),
            render: (i) =>
              i.estadoPago ? (
                <Badge variant="light" color={COLOR_ESTADO[i.estadoPago] ?? "gray"}>
                  {t(`actos.estadosPago.${i.estadoPago}`, { defaultValue: i.estadoPago })}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("actos.listado.sinCargo")}
                </Text>
              ),
          },
          {
            accessor: "asistio",
            title: t("actos.listado.asistio"),
            textAlign: "center",
            render: (i) => (
              <Checkbox
                aria-label={t("actos.listado.marcarAsistencia", {
                  nombre: nombreCompleto(i.socio),
                })}
                checked={marcas[i.id] ?? i.asistio}
                disabled={!asistenciaAbierta && !(marcas[i.id] ?? i.asistio)}
                onChange={(e) => marcar(i, e.currentTarget.checked)}
                styles={{ body: { justifyContent: "center" } }}
              />
            ),
          },
        ]}
      />
      {acto.listaEspera || (espera?.total ?? 0) > 0 ? (
        <ListaEspera
          idActo={idActo}
          enEspera={enEspera}
          total={espera?.total ?? 0}
          pagina={paginaEspera}
          alCambiarPagina={alCambiarPaginaEspera}
        />
      ) : null}
    </Stack>
  );
}

/** The wait-list, apart: the board gives a place by hand or removes someone from it. */
function ListaEspera({
  idActo,
  enEspera,
  total,
  pagina,
  alCambiarPagina,
}: {
  idActo: number;
  enEspera: Inscripcion[];
  total: number;
  pagina: number;
  alCambiarPagina: (pagina: number) => void;
}) {
  const { t } = useTranslation();
  // A fixed page size: no «Por página» selector.
  const { recordsPerPageLabel: _sinSelector, ...textosTabla } = useTextosTabla();
  const { promover, cancelar } = useMutacionesInscripcion();
  const [quitando, setQuitando] = useState<Inscripcion | null>(null);

  /** Gives a place («plazaDada») or removes from the list («quitado»), and says so. */
  async function hacer(accion: typeof promover | typeof cancelar, i: Inscripcion, aviso: string) {
    try {
      await accion.mutateAsync({ idActo, idInscripcion: i.id });
      notifications.show({
        color: "green",
        message: t(aviso, { nombre: nombreCompleto(i.socio) }),
      });
      setQuitando(null);
    } catch (e) {
      notificarError(e);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="lista-espera">
      <Title order={2} size="h4" id="lista-espera">
        {t("actos.listado.enEspera")}
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        {t("actos.listado.enEsperaAyuda")}
      </Text>
      <DataTable<Inscripcion>
        aria-label={t("actos.listado.enEspera")}
        withTableBorder
        borderRadius="md"
        minHeight={enEspera.length > 0 ? undefined : 120}
        records={enEspera}
        idAccessor="id"
        {...textosTabla}
        noRecordsText={t("actos.listado.vacioEspera")}
        page={pagina}
        onPageChange={alCambiarPagina}
        totalRecords={total}
        recordsPerPage={TAMANYO_PAGINA}
        columns={[
          { accessor: "puestoEspera", title: t("actos.listado.puesto"), textAlign: "right" },
          columnaSocio(t),
          { accessor: "invitados", title: t("actos.campos.invitados"), textAlign: "right" },
          { accessor: "menu", title: t("actos.campos.menu") },
          {
            accessor: "acciones",
            title: "",
            textAlign: "right",
            render: (i) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  aria-label={t("actos.listado.darPlazaA", { nombre: nombreCompleto(i.socio) })}
                  loading={promover.isPending && promover.variables?.idInscripcion === i.id}
                  onClick={() => void hacer(promover, i, "actos.listado.plazaDada")}
                >
                  {t("actos.listado.darPlaza")}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={t("actos.listado.quitarDe", { nombre: nombreCompleto(i.socio) })}
                  onClick={() => setQuitando(i)}
                >
                  {t("actos.listado.quitar")}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={quitando !== null}
        onClose={() => setQuitando(null)}
        title={t("actos.mios.salirTitulo")}
        centered
      >
        {quitando ? (
          <Stack>
            <Text>{t("actos.listado.quitarDe", { nombre: nombreCompleto(quitando.socio) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setQuitando(null)}>
                {t("actos.volver")}
              </Button>
              <Button
                color="red"
                loading={cancelar.isPending}
                onClick={() => void hacer(cancelar, quitando, "actos.listado.quitado")}
              >
                {t("actos.listado.quitar")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
