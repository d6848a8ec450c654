import { formatearFechaHora, type Loteria, type Participacion } from "@fila/domain";
import { Badge, Button, Group, Modal, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCash } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { BotonesExportar, useListado } from "../../lib/listado";
import { TablaListado } from "../../lib/tabla-listado";
import { importe } from "../pagos/pagos-logica";
import { AvisoError } from "./aviso-error";
import { useMutacionesLoteria, useParticipaciones } from "./use-loteria";

/**
 * The payout list once the prizes are in: every winning participation with its gross prize, the
 * withholding and the net, and «Pagar» on each one not paid yet (recorded once).
 */
export function PagosPremios({ loteria }: { loteria: Loteria }) {
  const { t } = useTranslation();
  // Beside the talonarios' table, whose page lives in the URL: this one keeps its own.
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: { pagadas: "" },
    validar: { pagadas: (v) => v === "1" || v === "0" },
    enUrl: false,
  });
  const filtros = new URLSearchParams({ premiadas: "1" });
  if (listado.filtros.pagadas) filtros.set("pagadas", listado.filtros.pagadas);
  const consulta = new URLSearchParams(filtros);
  consulta.set("page", String(listado.page));
  consulta.set("pageSize", String(listado.pageSize));
  const lista = useParticipaciones(loteria.id, consulta);
  const { pagarPremio } = useMutacionesLoteria();
  const [aPagar, setAPagar] = useState<Participacion | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function pagar() {
    if (!aPagar) return;
    setError(null);
    try {
      const r = await pagarPremio.mutateAsync(aPagar.codigo);
      notifications.show({
        color: "green",
        message: t("loteria.pagosPremios.pagado", { serie: r.serie, neto: importe(r.neto) }),
      });
      setAPagar(null);
    } catch (e) {
      setError(e);
    }
  }

  const columnas: DataTableColumn<Participacion>[] = [
    { accessor: "serie", title: t("loteria.pagosPremios.serie") },
    {
      accessor: "comprador",
      title: t("loteria.pagosPremios.comprador"),
      render: (p) => p.comprador?.nombre ?? (p.digital ? "" : t("loteria.pagosPremios.papel")),
    },
    {
      accessor: "bruto",
      title: t("loteria.pagosPremios.bruto"),
      textAlign: "right",
      render: (p) => importe(p.premio?.bruto),
    },
    {
      accessor: "retencion",
      title: t("loteria.pagosPremios.retencion"),
      textAlign: "right",
      render: (p) => importe(p.premio?.retencion),
    },
    {
      accessor: "neto",
      title: t("loteria.pagosPremios.neto"),
      textAlign: "right",
      render: (p) => importe(p.premio?.neto),
    },
    {
      accessor: "premioPagadoEn",
      title: t("loteria.pagosPremios.estado"),
      render: (p) =>
        p.premio?.pagado ? (
          <Stack gap={0}>
            <Badge color="green" variant="light" miw="max-content">
              {t("loteria.pagosPremios.pagadoBadge")}
            </Badge>
            {p.premioPagadoEn ? (
              <Text size="xs" c="dimmed">
                {formatearFechaHora(p.premioPagadoEn)}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Button
            size="compact-sm"
            leftSection={<IconCash size={14} aria-hidden />}
            aria-label={t("loteria.pagosPremios.pagarDe", { serie: p.serie })}
            onClick={() => {
              setError(null);
              setAPagar(p);
            }}
          >
            {t("loteria.pagosPremios.pagar")}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="loteria-pagos-premios">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4" id="loteria-pagos-premios">
          {t("loteria.pagosPremios.titulo")}
        </Title>
        <BotonesExportar
          ruta={`/loterias/${loteria.id}/participaciones/export`}
          consulta={filtros}
          nombre="premios"
          textos={{ xlsx: t("loteria.exportarExcel"), csv: t("loteria.exportarCsv") }}
          textoError={t("loteria.errorExportar")}
        />
      </Group>
      <Select
        label={t("loteria.pagosPremios.filtro")}
        placeholder={t("loteria.todos")}
        data={[
          { value: "0", label: t("loteria.pagosPremios.sinPagar") },
          { value: "1", label: t("loteria.pagosPremios.pagadas") },
        ]}
        value={listado.filtros.pagadas || null}
        onChange={(v) => listado.cambiar({ pagadas: v ?? "" })}
        clearable
        w={200}
      />
      <TablaListado<Participacion>
        lista={lista}
        listado={listado}
        titulo={t("loteria.pagosPremios.titulo")}
        vacio={t("loteria.pagosPremios.vacio")}
        tituloError={t("loteria.pagosPremios.errorCarga")}
        columns={columnas}
        idAccessor="id"
      />
      <Modal
        opened={aPagar !== null}
        onClose={() => setAPagar(null)}
        title={t("loteria.pagosPremios.confirmarTitulo", { serie: aPagar?.serie ?? "" })}
        centered
      >
        <Stack>
          <Text>
            {t("loteria.pagosPremios.confirmarTexto", {
              bruto: importe(aPagar?.premio?.bruto),
              retencion: importe(aPagar?.premio?.retencion),
              neto: importe(aPagar?.premio?.neto),
            })}
          </Text>
          <AvisoError error={error} titulo={t("loteria.pagosPremios.error")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAPagar(null)}>
              {t("comun.cancelar")}
            </Button>
            <Button color="green" loading={pagarPremio.isPending} onClick={() => void pagar()}>
              {t("loteria.pagosPremios.pagar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
