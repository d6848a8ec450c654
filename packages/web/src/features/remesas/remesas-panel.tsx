import {
  ESTADOS_REMESA,
  type EstadoRemesa,
  formatearFecha,
  type ResumenRemesa,
} from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { CampoBusqueda, useListado } from "../../lib/listado";
import { notificarError } from "../../lib/notificar";
import { TablaListado } from "../../lib/tabla-listado";
import { DetalleRemesaModal } from "./detalle-remesa-modal";
import { COLOR_ESTADO, importe } from "./formato-remesas";
import { NuevaRemesaModal } from "./nueva-remesa-modal";
import { useListaRemesas, useMutacionesRemesas } from "./use-remesas";

/** The list of SEPA remittances with their actions (administrador). */
export function RemesasPanel() {
  const { t } = useTranslation();
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: { estado: "" as "" | EstadoRemesa },
    validar: { estado: (v) => (ESTADOS_REMESA as readonly string[]).includes(v) },
  });
  const lista = useListaRemesas(listado.page, listado.pageSize, {
    q: listado.q,
    estado: listado.filtros.estado,
  });
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
        <CampoBusqueda
          busqueda={listado.busqueda}
          label={t("remesasFiltros.buscar")}
          placeholder={t("remesasFiltros.buscarAyuda")}
          maxLength={100}
        />
        <Select
          label={t("remesasFiltros.estado")}
          placeholder={t("remesasFiltros.todos")}
          data={ESTADOS_REMESA.map((e) => ({ value: e, label: t(`remesas.estados.${e}`) }))}
          value={listado.filtros.estado || null}
          onChange={(v) => listado.cambiar({ estado: (v ?? "") as "" | EstadoRemesa })}
          clearable
          w={200}
        />
      </Group>
      <TablaListado<ResumenRemesa>
        lista={lista}
        listado={listado}
        titulo={t("remesas.titulo")}
        vacio={t("remesas.sinRemesas")}
        tituloError={t("remesas.errorCarga")}
        highlightOnHover
        columns={columnas}
        idAccessor="id"
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
