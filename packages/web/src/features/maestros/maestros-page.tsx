import "mantine-datatable/styles.css";
import { mensajeDeError } from "@fila/domain";
import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { DataTable, type DataTableColumn, type DataTableSortStatus } from "mantine-datatable";
import { useEffect, useState } from "react";
import { Navigate } from "react-router";
import { useSesion } from "../../app/session-store";
import { AccionesFila } from "../../lib/acciones-fila";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { MaestroBadge } from "./maestro-badge";
import { MaestroFormModal } from "./maestro-form-modal";
import { CLASE_DE, type DatosMaestro, type Maestro, type RecursoMaestro } from "./maestros-config";
import { type FiltrosMaestros, useListaMaestros, useMutacionesMaestros } from "./use-maestros";

const TAMANYOS_PAGINA = [25, 50, 100, 200];

function ordenDe(sort: string): DataTableSortStatus<Maestro> {
  const descendente = sort.startsWith("-");
  return {
    columnAccessor: descendente ? sort.slice(1) : sort,
    direction: descendente ? "desc" : "asc",
  };
}

/** The CRUD page of one master: tipos de socio, tipos de acto or formas de pago. */
export function MaestrosPage({ recurso }: { recurso: RecursoMaestro }) {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const { usuario } = useSesion();
  const clase = CLASE_DE[recurso];
  const titulo = t(`maestros.titulos.${recurso}`);

  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [filtros, setFiltros] = useState<FiltrosMaestros>({
    q: "",
    page: 1,
    pageSize: 50,
    sort: "nombre",
  });
  useEffect(() => {
    setFiltros((f) => (f.q === q ? f : { ...f, q, page: 1 }));
  }, [q]);

  const lista = useListaMaestros(recurso, filtros);
  const { crear, cambiar, borrar } = useMutacionesMaestros(recurso);
  const [editando, setEditando] = useState<Maestro | null>(null);
  const [formAbierto, setFormAbierto] = useState(false);
  const [aBorrar, setABorrar] = useState<Maestro | null>(null);

  if (usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;

  function abrirNuevo() {
    setEditando(null);
    setFormAbierto(true);
  }

  function abrirEdicion(maestro: Maestro) {
    setEditando(maestro);
    setFormAbierto(true);
  }

  async function guardar(datos: DatosMaestro) {
    if (editando) {
      await cambiar.mutateAsync({ id: editando.id, datos });
      notifications.show({
        color: "green",
        message: t("maestros.avisos.guardado", { nombre: datos.nombre }),
      });
    } else {
      await crear.mutateAsync(datos);
      notifications.show({
        color: "green",
        message: t("maestros.avisos.creado", { nombre: datos.nombre }),
      });
    }
  }

  async function alternarActivo(maestro: Maestro) {
    try {
      await cambiar.mutateAsync({ id: maestro.id, datos: { activo: !maestro.activo } });
      notifications.show({
        color: "green",
        message: t(maestro.activo ? "maestros.avisos.desactivado" : "maestros.avisos.activado", {
          nombre: maestro.nombre,
        }),
      });
    } catch (e) {
      notificarError(e, t("maestros.errorGuardar"));
    }
  }

  async function confirmarBorrado() {
    if (!aBorrar) return;
    const maestro = aBorrar;
    try {
      await borrar.mutateAsync(maestro.id);
      notifications.show({
        color: "green",
        message: t("maestros.avisos.borrado", { nombre: maestro.nombre }),
      });
    } catch (e) {
      // A master in use answers 409 with the sentence saying how many members use it.
      notificarError(e, t("maestros.borrar.error"));
    } finally {
      setABorrar(null);
    }
  }

  const columnas: DataTableColumn<Maestro>[] = [
    {
      accessor: "nombre",
      title: t("maestros.campos.nombre"),
      sortable: true,
      render: (m) =>
        clase === "color" ? (
          <MaestroBadge data-testid="badge-maestro" nombre={m.nombre} color={m.color} size="lg" />
        ) : (
          <Text size="sm" fw={500}>
            {m.nombre}
          </Text>
        ),
    },
    {
      accessor: "descripcion",
      title: t("maestros.campos.descripcion"),
      render: (m) => (
        <Text size="sm" c={m.descripcion ? undefined : "dimmed"} lineClamp={2}>
          {m.descripcion || "—"}
        </Text>
      ),
    },
    clase === "color"
      ? {
          accessor: "color",
          title: t("maestros.campos.color"),
          width: 120,
          render: (m) => (
            <Text size="sm" ff="monospace">
              {m.color}
            </Text>
          ),
        }
      : {
          accessor: "domiciliada",
          title: t("maestros.campos.domiciliadaCorto"),
          width: 140,
          render: (m) => (
            <Badge variant="light" color={m.domiciliada ? "blue" : "gray"}>
              {m.domiciliada ? t("maestros.si") : t("maestros.no")}
            </Badge>
          ),
        },
    {
      accessor: "activo",
      title: t("maestros.campos.estado"),
      width: 120,
      render: (m) => (
        <Badge variant="light" color={m.activo ? "green" : "gray"}>
          {m.activo ? t("maestros.estado.activo") : t("maestros.estado.inactivo")}
        </Badge>
      ),
    },
    {
      accessor: "enUso",
      title: t("maestros.campos.enUso"),
      textAlign: "right",
      width: 100,
    },
    {
      accessor: "acciones",
      title: t("maestros.campos.acciones"),
      textAlign: "right",
      width: 140,
      render: (m) => {
        const editar = t("maestros.acciones.editar", { nombre: m.nombre });
        const alternar = t(
          m.activo ? "maestros.acciones.desactivar" : "maestros.acciones.activar",
          {
            nombre: m.nombre,
          },
        );
        const quitar = t("maestros.acciones.borrar", { nombre: m.nombre });
        return (
          <AccionesFila
            activo={m.activo}
            etiquetas={{ editar, alternar, borrar: quitar }}
            onEditar={() => abrirEdicion(m)}
            onAlternar={() => void alternarActivo(m)}
            onBorrar={() => setABorrar(m)}
          />
        );
      },
    },
  ];

  const datos = lista.data;
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {titulo}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`maestros.intro.${recurso}`)}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={abrirNuevo}>
          {t(`maestros.nuevo.${recurso}`)}
        </Button>
      </Group>

      <TextInput
        label={t("maestros.buscar")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
        maw={420}
      />

      {lista.isError ? (
        <Alert role="alert" color="red" title={t("maestros.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}

      <DataTable<Maestro>
        aria-label={titulo}
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
        noRecordsText={t("maestros.sinResultados")}
        sortStatus={ordenDe(filtros.sort)}
        onSortStatusChange={(estado) =>
          setFiltros((f) => ({
            ...f,
            sort: estado.direction === "desc" ? "-nombre" : "nombre",
            page: 1,
          }))
        }
        page={filtros.page}
        onPageChange={(page) => setFiltros((f) => ({ ...f, page }))}
        totalRecords={datos?.total ?? 0}
        recordsPerPage={filtros.pageSize}
        recordsPerPageOptions={TAMANYOS_PAGINA}
        onRecordsPerPageChange={(pageSize) => setFiltros((f) => ({ ...f, pageSize, page: 1 }))}
      />

      <MaestroFormModal
        abierto={formAbierto}
        clase={clase}
        maestro={editando}
        titulo={
          editando
            ? t(`maestros.editar.${recurso}`, { nombre: editando.nombre })
            : t(`maestros.nuevo.${recurso}`)
        }
        alCerrar={() => setFormAbierto(false)}
        alGuardar={guardar}
      />

      <Modal
        opened={aBorrar !== null}
        onClose={() => setABorrar(null)}
        title={t("maestros.borrar.titulo")}
        centered
      >
        <Stack>
          <Text>{t("maestros.borrar.texto", { nombre: aBorrar?.nombre ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setABorrar(null)}>
              {t("comun.cancelar")}
            </Button>
            <Button color="red" loading={borrar.isPending} onClick={() => void confirmarBorrado()}>
              {t("maestros.borrar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export function TiposSocioPage() {
  return <MaestrosPage recurso="tipossocio" />;
}

export function TiposActoPage() {
  return <MaestrosPage recurso="tiposacto" />;
}

export function FormasPagoPage() {
  return <MaestrosPage recurso="formaspago" />;
}
