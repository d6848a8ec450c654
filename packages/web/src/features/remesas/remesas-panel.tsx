import "mantine-datatable/styles.css";
import {
  ESTADOS_REMESA,
  type EstadoRemesa,
  formatearFecha,
  mensajeDeError,
  type ResumenRemesa,
} from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconEye, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { DetalleRemesaModal } from "./detalle-remesa-modal";
import { COLOR_ESTADO, importe } from "./formato-remesas";
import { NuevaRemesaModal } from "./nueva-remesa-modal";
import { useListaRemesas, useMutacionesRemesas } from "./use-remesas";

const TAMANYOS_PAGINA = [25, 50, 100];

/** The list of SEPA remittances with their actions (administrador). */
export function RemesasPanel() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [estado, setEstado] = useState<"" | EstadoRemesa>("");
  const lista = useListaRemesas(page, pageSize, { q, estado });
  const { borrar } = useMutacionesRemesas();
  const [nueva, setNueva] = useState(false);
  const [viendo, setViendo] = useState<number | null>(null);
  const [aBorrar, setABorrar] = useState<number | null>(null);

  async function descargar(id: number) {
    try {
      await descargarDeApi(`/remesas/${id}/xml`, `remesa-${id}.xml`);
    } catch (e) {
      notificarError(e, t("remesas.descargaError"));
    }
  }

  async function confirmarBorrado() {
    if (aBorrar === null) return;
    const id = aBorrar;
    try {
      await borrar.mutateAsync(id);
      notifications.show({ color: "green", message: t("remesas.borrar.hecho") });
      if (viendo === id) setViendo(null);
    } catch (e) {
      notificarError(e, t("remesas.borrar.error"));
    } finally {
      setABorrar(null);
    }
  }

  const columnas: DataTableColumn<ResumenRemesa>[] = [
    { accessor: "id", title: t("remesas.columnas.numero"), width: 70 },
    {
      accessor: "fechaCobro",
      title: t("remesas.columnas.fechaCobro"),
      render: (r) => formatearFecha(r.fechaCobro),
    },
    {
      accessor: "hasta",
      title: t("remesas.columnas.hasta"),
      render: (r) => formatearFecha(r.hasta),
    },
    { accessor: "numAdeudos", title: t("remesas.columnas.adeudos"), textAlign: "right" },
    {
      accessor: "total",
      title: t("remesas.columnas.total"),
      textAlign: "right",
      render: (r) => importe(r.total),
    },
    {
      accessor: "estado",
      title: t("remesas.columnas.estado"),
      render: (r) => (
        <Badge variant="light" color={COLOR_ESTADO[r.estado]}>
          {t(`remesas.estados.${r.estado}`)}
        </Badge>
      ),
    },
    {
      accessor: "acciones",
      title: t("remesas.columnas.acciones"),
      textAlign: "right",
      render: (r) => {
        const ver = t("remesas.acciones.ver", { id: r.id });
        const bajar = t("remesas.acciones.descargarDe", { id: r.id });
        const quitar = t("remesas.acciones.borrar", { id: r.id });
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={ver}>
              <ActionIcon variant="subtle" aria-label={ver} onClick={() => setViendo(r.id)}>
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={bajar}>
              <ActionIcon variant="subtle" aria-label={bajar} onClick={() => void descargar(r.id)}>
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {r.estado === "generada" ? (
              <Tooltip label={quitar}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={quitar}
                  onClick={() => setABorrar(r.id)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        );
      },
    },
  ];

  const datos = lista.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm">
          {t("remesas.intro")}
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setNueva(true)}>
          {t("remesas.nueva")}
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t("remesasFiltros.buscar")}
          placeholder={t("remesasFiltros.buscarAyuda")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          w={280}
        />
        <Select
          label={t("remesasFiltros.estado")}
          placeholder={t("remesasFiltros.todos")}
          data={ESTADOS_REMESA.map((e) => ({ value: e, label: t(`remesas.estados.${e}`) }))}
          value={estado || null}
          onChange={(v) => {
            setEstado((v ?? "") as "" | EstadoRemesa);
            setPage(1);
          }}
          clearable
          w={200}
        />
      </Group>
      {lista.isError ? (
        <Alert role="alert" color="red" title={t("remesas.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<ResumenRemesa>
        aria-label={t("remesas.titulo")}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        striped
        minHeight={datos && datos.items.length > 0 ? undefined : 160}
        records={datos?.items ?? []}
        columns={columnas}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("remesas.sinRemesas")}
        page={page}
        onPageChange={setPage}
        totalRecords={datos?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={TAMANYOS_PAGINA}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
      <NuevaRemesaModal
        abierto={nueva}
        alCerrar={() => setNueva(false)}
        alVer={(id) => {
          setNueva(false);
          setViendo(id);
        }}
        alDescargar={(id) => void descargar(id)}
      />
      <DetalleRemesaModal
        id={viendo}
        alCerrar={() => setViendo(null)}
        alDescargar={(id) => void descargar(id)}
        alBorrar={setABorrar}
      />
      <Modal
        opened={aBorrar !== null}
        onClose={() => setABorrar(null)}
        title={t("remesas.borrar.titulo")}
        centered
      >
        <Stack>
          <Text>{t("remesas.borrar.texto", { id: aBorrar ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setABorrar(null)}>
              {t("remesas.acciones.cerrar")}
            </Button>
            <Button color="red" loading={borrar.isPending} onClick={() => void confirmarBorrado()}>
              {t("remesas.borrar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
