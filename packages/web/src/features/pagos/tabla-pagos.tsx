import "mantine-datatable/styles.css";
import { ESTADOS_COBRABLES, formatearFecha } from "@fila/domain";
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconCash, IconFileTypePdf, IconRepeat, IconX } from "@tabler/icons-react";
import { DataTable, type DataTableColumn, type DataTableSortStatus } from "mantine-datatable";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { EstadoBadge } from "./estado-badge";
import { importe, nombrePersona } from "./pagos-logica";
import { textoDevolucion } from "./reactivacion-modal";
import type { FiltrosPagos, PaginaPagos, PagoApi } from "./tipos";

export const TAMANYOS_PAGINA_PAGOS = [25, 50, 100, 200];

export type AccionesPago = {
  cobrar: (pago: PagoApi) => void;
  anular: (pago: PagoApi) => void;
  /** A returned charge back to pending, for the next remittance. */
  reactivar: (pago: PagoApi) => void;
  recibo: (pago: PagoApi) => void;
};

type Props = {
  datos: PaginaPagos | undefined;
  cargando: boolean;
  filtros: FiltrosPagos;
  alCambiar: (cambio: Partial<FiltrosPagos>) => void;
  acciones: AccionesPago;
  /** Row selection for "Registrar cobro" of many (only chargeable rows can be chosen). */
  seleccion?: { elegidos: PagoApi[]; alElegir: (pagos: PagoApi[]) => void };
};

export function esCobrable(pago: PagoApi): boolean {
  return ESTADOS_COBRABLES.includes(pago.estado);
}

function ordenDe(sort: string): DataTableSortStatus<PagoApi> {
  const descendente = sort.startsWith("-");
  return {
    columnAccessor: descendente ? sort.slice(1) : sort,
    direction: descendente ? "desc" : "asc",
  };
}

/** The charges table of `pagos` and of a member's record: server-side pages and sort. */
export function TablaPagos({ datos, cargando, filtros, alCambiar, acciones, seleccion }: Props) {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();

  const columnas: DataTableColumn<PagoApi>[] = [
    {
      accessor: "socio",
      title: t("pagos.campos.socio"),
      sortable: true,
      // On a phone the table scrolls sideways instead of breaking names into one word per line.
      noWrap: true,
      render: (p) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/socios/ficha/${p.idSocio}`} size="sm">
            {nombrePersona(p.socio)}
          </Anchor>
          {p.idPagador !== p.idSocio ? (
            <Text size="xs" c="dimmed">
              {t("pagos.pagaPor", { nombre: nombrePersona(p.pagador) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: "concepto",
      title: t("pagos.campos.concepto"),
      sortable: true,
      render: (p) => (
        <Text size="sm" miw={180}>
          {p.concepto}
        </Text>
      ),
    },
    {
      accessor: "fechaVencimiento",
      title: t("pagos.campos.vencimiento"),
      sortable: true,
      width: 120,
      render: (p) => formatearFecha(p.fechaVencimiento),
    },
    {
      accessor: "importe",
      title: t("pagos.campos.importe"),
      sortable: true,
      textAlign: "right",
      width: 120,
      render: (p) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
          {importe(p.importe)}
        </Text>
      ),
    },
    {
      accessor: "estado",
      title: t("pagos.campos.estado"),
      sortable: true,
      width: 120,
      render: (p) => <EstadoBadge estado={p.estado} />,
    },
    {
      accessor: "fechaPago",
      title: t("pagos.campos.cobro"),
      sortable: true,
      noWrap: true,
      render: (p) =>
        p.fechaPago ? (
          <Stack gap={0}>
            <Text size="sm">{formatearFecha(p.fechaPago)}</Text>
            <Text size="xs" c="dimmed">
              {[p.formaPago?.nombre, p.referencia].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
        ) : p.estado === "devuelto" && (p.motivoDevolucion || p.fechaDevolucion) ? (
          <Tooltip label={t("reactivacion.devueltoPor", { motivo: textoDevolucion(p) })}>
            <Text size="xs" c="red" data-testid={`devolucion-${p.id}`}>
              {textoDevolucion(p)}
            </Text>
          </Tooltip>
        ) : p.estado === "anulado" && p.motivoAnulacion ? (
          <Text size="xs" c="dimmed">
            {p.motivoAnulacion}
          </Text>
        ) : (
          ""
        ),
    },
    {
      accessor: "acciones",
      title: t("pagos.campos.acciones"),
      textAlign: "right",
      width: 160,
      render: (p) => <AccionesFila pago={p} acciones={acciones} />,
    },
  ];

  return (
    <DataTable<PagoApi>
      aria-label={t("pagos.tabla")}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      striped
      minHeight={datos && datos.items.length > 0 ? undefined : 180}
      records={datos?.items ?? []}
      columns={columnas}
      idAccessor="id"
      fetching={cargando}
      {...textosTabla}
      noRecordsText={t("pagos.sinResultados")}
      sortStatus={ordenDe(filtros.sort)}
      onSortStatusChange={(estado) => {
        const campo = String(estado.columnAccessor);
        alCambiar({ sort: estado.direction === "desc" ? `-${campo}` : campo, page: 1 });
      }}
      page={filtros.page}
      onPageChange={(page) => alCambiar({ page })}
      totalRecords={datos?.total ?? 0}
      recordsPerPage={filtros.pageSize}
      recordsPerPageOptions={TAMANYOS_PAGINA_PAGOS}
      onRecordsPerPageChange={(pageSize) => alCambiar({ pageSize, page: 1 })}
      {...(seleccion
        ? {
            selectedRecords: seleccion.elegidos,
            onSelectedRecordsChange: seleccion.alElegir,
            isRecordSelectable: esCobrable,
            allRecordsSelectionCheckboxProps: { "aria-label": t("pagos.elegirTodos") },
            getRecordSelectionCheckboxProps: (p: PagoApi) => ({
              "aria-label": t("pagos.elegir", { concepto: p.concepto }),
            }),
          }
        : {})}
    />
  );
}

function AccionesFila({ pago, acciones }: { pago: PagoApi; acciones: AccionesPago }) {
  const { t } = useTranslation();
  const etiqueta = { concepto: pago.concepto, socio: nombrePersona(pago.socio) };
  const cobrar = t("pagos.acciones.cobrar", etiqueta);
  const anular = t("pagos.acciones.anular", etiqueta);
  const recibo = t("pagos.acciones.recibo", etiqueta);
  const reactivar = t("reactivacion.accion", etiqueta);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {pago.estado === "devuelto" ? (
        <Tooltip label={reactivar}>
          <ActionIcon
            variant="subtle"
            color="orange"
            aria-label={reactivar}
            onClick={() => acciones.reactivar(pago)}
          >
            <IconRepeat size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {esCobrable(pago) ? (
        <>
          <Tooltip label={cobrar}>
            <ActionIcon
              variant="subtle"
              color="green"
              aria-label={cobrar}
              onClick={() => acciones.cobrar(pago)}
            >
              <IconCash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={anular}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={anular}
              onClick={() => acciones.anular(pago)}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      ) : null}
      {pago.estado === "pagado" ? (
        <Tooltip label={recibo}>
          <ActionIcon variant="subtle" aria-label={recibo} onClick={() => acciones.recibo(pago)}>
            <IconFileTypePdf size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
