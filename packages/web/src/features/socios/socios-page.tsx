import "mantine-datatable/styles.css";
import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { DataTable, type DataTableColumn, type DataTableSortStatus } from "mantine-datatable";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { useGruposElegibles } from "../estructura/use-estructura";
import { AccionesSociosIo } from "../socios-io/acciones-socios-io";
import {
  conCambio,
  type Estado,
  type FiltrosSocios,
  filtrosAApi,
  filtrosAUrl,
  filtrosDesdeUrl,
  TAMANYOS_PAGINA,
} from "./filtros-url";
import { TipoBadge } from "./tipo-badge";
import { nombreCompleto, type SocioApi } from "./tipos";
import { useListaSocios, useTiposSocio } from "./use-socios";

// The members area's other tabs (issue 49) load when opened.
const EscuadrasTab = lazy(() =>
  import("../estructura/escuadras-tab").then((m) => ({ default: m.EscuadrasTab })),
);
const CargosTab = lazy(() =>
  import("../estructura/cargos-tab").then((m) => ({ default: m.CargosTab })),
);

/** The tabs of Festeros (`?pestanya=`); the list is the default and keeps its own filters. */
const AntiguedadTab = lazy(() =>
  import("../antiguedad/antiguedad-tab").then((m) => ({ default: m.AntiguedadTab })),
);
const CensoTab = lazy(() =>
  import("../antiguedad/censo-tab").then((m) => ({ default: m.CensoTab })),
);

const PESTANYAS = ["lista", "escuadras", "cargos", "antiguedad", "censo"] as const;
type Pestanya = (typeof PESTANYAS)[number];

const ESCRITORIO = "(min-width: 48em)";
const MOVIL = "(max-width: 47.99em)";

/** `sort` ↔ the table's sort status. */
function ordenDe(sort: string): DataTableSortStatus<SocioApi> {
  const descendente = sort.startsWith("-");
  return {
    columnAccessor: descendente ? sort.slice(1) : sort,
    direction: descendente ? "desc" : "asc",
  };
}

function sortDe(estado: DataTableSortStatus<SocioApi>): string {
  const campo = estado.sortKey ?? String(estado.columnAccessor);
  return estado.direction === "desc" ? `-${campo}` : campo;
}

/** Festeros (administrador): the member list and, as tabs, the escuadras and the cargos. */
export function SociosPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  const pedida = params.get("pestanya");
  const pestanya: Pestanya = PESTANYAS.includes(pedida as Pestanya)
    ? (pedida as Pestanya)
    : "lista";

  if (usuario.rol !== "administrador") return <Navigate to="/socios/ficha/0" replace />;

  const cargando = (
    <Center py="xl">
      <Loader aria-label={t("app.cargando")} />
    </Center>
  );
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t("areas.socios")}
      </Title>
      <Tabs
        value={pestanya}
        onChange={(v) => v && setParams(v === "lista" ? {} : { pestanya: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="lista">{t("socios.pestanyas.lista")}</Tabs.Tab>
          <Tabs.Tab value="escuadras">{t("socios.pestanyas.escuadras")}</Tabs.Tab>
          <Tabs.Tab value="cargos">{t("socios.pestanyas.cargos")}</Tabs.Tab>
          <Tabs.Tab value="antiguedad">{t("socios.pestanyas.antiguedad")}</Tabs.Tab>
          <Tabs.Tab value="censo">{t("socios.pestanyas.censo")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lista">
          <ListaSocios />
        </Tabs.Panel>
        <Tabs.Panel value="escuadras">
          <Suspense fallback={cargando}>
            <EscuadrasTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="cargos">
          <Suspense fallback={cargando}>
            <CargosTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="antiguedad">
          <Suspense fallback={cargando}>
            <AntiguedadTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="censo">
          <Suspense fallback={cargando}>
            <CensoTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ListaSocios() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filtros = useMemo(() => filtrosDesdeUrl(params), [params]);
  const [texto, setTexto] = useState(filtros.q);
  const [textoDebounced] = useDebouncedValue(texto.trim(), 350);
  const lista = useListaSocios(filtros);
  const tipos = useTiposSocio();
  const grupos = useGruposElegibles();

  function cambiar(cambio: Partial<FiltrosSocios>) {
    setParams(filtrosAUrl(conCambio(filtros, cambio)), { replace: true });
  }

  // The search box writes `q` once the person stops typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers it
  useEffect(() => {
    if (textoDebounced !== filtros.q) cambiar({ q: textoDebounced });
  }, [textoDebounced]);

  const columnas: DataTableColumn<SocioApi>[] = [
    {
      accessor: "movil",
      title: t("socios.campos.festero"),
      visibleMediaQuery: MOVIL,
      render: (s) => (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500}>
            {nombreCompleto(s)}
          </Text>
          <TipoBadge tipo={s.tipo} size="sm" />
        </Group>
      ),
    },
    {
      accessor: "matricula",
      title: t("socios.campos.matricula"),
      sortable: true,
      visibleMediaQuery: ESCRITORIO,
      textAlign: "right",
      width: 110,
    },
    {
      accessor: "apellidos",
      title: t("socios.campos.apellidos"),
      sortable: true,
      visibleMediaQuery: ESCRITORIO,
      render: (s) => (
        <Anchor component={Link} to={`/socios/ficha/${s.id}`} size="sm">
          {s.apellidos || "—"}
        </Anchor>
      ),
    },
    {
      accessor: "nombre",
      title: t("socios.campos.nombre"),
      sortable: true,
      visibleMediaQuery: ESCRITORIO,
    },
    {
      accessor: "tipo",
      title: t("socios.campos.tipo"),
      visibleMediaQuery: ESCRITORIO,
      render: (s) => <TipoBadge tipo={s.tipo} />,
    },
    {
      accessor: "edad",
      title: t("socios.campos.edad"),
      sortable: true,
      visibleMediaQuery: ESCRITORIO,
      textAlign: "right",
      width: 80,
      render: (s) => s.edad ?? "",
    },
    {
      accessor: "telefono",
      title: t("socios.campos.telefono"),
      visibleMediaQuery: ESCRITORIO,
    },
    {
      accessor: "email",
      title: t("socios.campos.email"),
      visibleMediaQuery: ESCRITORIO,
    },
    {
      accessor: "activo",
      title: t("socios.campos.activo"),
      visibleMediaQuery: ESCRITORIO,
      render: (s) =>
        s.activo ? (
          <Badge variant="light" color="green">
            {t("socios.estado.activo")}
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t("socios.estado.baja")}
          </Badge>
        ),
    },
  ];

  const datos = lista.data;

  return (
    <Stack gap="md">
      <Group justify="flex-end" align="center" gap="sm">
        <Group gap="xs">
          {/* Export / import (socios-io feature): the same filters the list sends. */}
          <AccionesSociosIo filtros={Object.fromEntries(filtrosAApi(filtros))} />
          <Button
            component={Link}
            to="/socios/ficha/nuevo"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t("socios.lista.nuevo")}
          </Button>
        </Group>
      </Group>

      <Stack gap="sm" role="search" aria-label={t("socios.lista.filtros")}>
        <TextInput
          label={t("socios.lista.buscar")}
          placeholder={t("socios.lista.buscarAyuda")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          type="search"
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} spacing="sm">
          <Select
            label={t("socios.lista.filtroTipo")}
            placeholder={t("socios.lista.todos")}
            data={(tipos.data ?? []).map((tipo) => ({
              value: String(tipo.id),
              label: tipo.nombre,
            }))}
            value={filtros.tipo || null}
            onChange={(v) => cambiar({ tipo: v ?? "" })}
            clearable
          />
          <Select
            label={t("socios.lista.filtroEstado")}
            data={[
              { value: "1", label: t("socios.lista.activos") },
              { value: "0", label: t("socios.lista.bajas") },
              { value: "todos", label: t("socios.lista.todos") },
            ]}
            value={filtros.activo}
            onChange={(v) => cambiar({ activo: (v ?? "1") as Estado })}
            allowDeselect={false}
          />
          <Select
            label={t("socios.lista.filtroSexo")}
            placeholder={t("socios.lista.todos")}
            data={[
              { value: "hombre", label: t("socios.sexo.hombre") },
              { value: "mujer", label: t("socios.sexo.mujer") },
            ]}
            value={filtros.sexo || null}
            onChange={(v) => cambiar({ sexo: v ?? "" })}
            clearable
          />
          <NumberInput
            label={t("socios.lista.edadMin")}
            min={0}
            max={150}
            allowDecimal={false}
            allowNegative={false}
            value={filtros.edadMin}
            onChange={(v) => cambiar({ edadMin: v === "" ? "" : String(v) })}
          />
          <NumberInput
            label={t("socios.lista.edadMax")}
            min={0}
            max={150}
            allowDecimal={false}
            allowNegative={false}
            value={filtros.edadMax}
            onChange={(v) => cambiar({ edadMax: v === "" ? "" : String(v) })}
          />
          <Select
            label={t("socios.lista.filtroGrupo")}
            placeholder={t("socios.lista.todos")}
            data={(grupos.data ?? []).map((g) => ({
              value: String(g.id),
              label: g.clase === "escuadra" ? `${g.nombre} (${g.anyo})` : g.nombre,
            }))}
            value={filtros.grupo || null}
            onChange={(v) => cambiar({ grupo: v ?? "" })}
            searchable
            clearable
          />
          <Select
            label={t("socios.lista.filtroDeuda")}
            placeholder={t("socios.lista.todos")}
            data={[
              { value: "1", label: t("socios.lista.conDeuda") },
              { value: "0", label: t("socios.lista.sinDeuda") },
            ]}
            value={filtros.conDeuda || null}
            onChange={(v) => cambiar({ conDeuda: (v ?? "") as FiltrosSocios["conDeuda"] })}
            clearable
          />
        </SimpleGrid>
        {params.toString() !== "" ? (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setTexto("");
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t("socios.lista.limpiar")}
            </Button>
          </Group>
        ) : null}
      </Stack>

      {lista.isError ? (
        <Alert role="alert" color="red" title={t("socios.lista.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}

      <DataTable<SocioApi>
        aria-label={t("socios.lista.tabla")}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        striped
        minHeight={datos && datos.items.length > 0 ? undefined : 180}
        records={datos?.items ?? []}
        columns={columnas}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("socios.lista.sinResultados")}
        sortStatus={ordenDe(filtros.sort)}
        onSortStatusChange={(estado) => cambiar({ sort: sortDe(estado) })}
        page={filtros.page}
        onPageChange={(page) => cambiar({ page })}
        totalRecords={datos?.total ?? 0}
        recordsPerPage={filtros.pageSize}
        recordsPerPageOptions={[...TAMANYOS_PAGINA]}
        onRecordsPerPageChange={(pageSize) => cambiar({ pageSize })}
        onRowClick={({ record, event }) => {
          if ((event.target as HTMLElement).closest("a")) return;
          navigate(`/socios/ficha/${record.id}`);
        }}
      />
    </Stack>
  );
}
