import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { ProgresoTrabajo, useTrabajo } from "../../lib/trabajos";
import { useProductos } from "../productos/use-productos";
import { importe } from "./pagos-logica";
import type { EmisionResultado } from "./tipos";
import { useMutacionesPagos } from "./use-pagos";

/** "Emitir cuotas": choose the year's active products, preview the totals, then confirm. */
export function EmisionModal({
  abierto,
  anyoInicial,
  alCerrar,
  alEmitir,
}: {
  abierto: boolean;
  anyoInicial: number;
  alCerrar: () => void;
  alEmitir?: (anyo: number) => void;
}) {
  const { t } = useTranslation();
  const [anyo, setAnyo] = useState<number | string>(anyoInicial);
  const anyoValido = typeof anyo === "number" && anyo >= 2000 && anyo <= 2100 ? anyo : null;
  const productos = useProductos(anyoValido, true, abierto && anyoValido !== null);
  const { emitir, refrescar } = useMutacionesPagos();
  const [idTrabajo, setIdTrabajo] = useState<number | null>(null);
  const seguimiento = useTrabajo<EmisionResultado>(idTrabajo, {
    alTerminar: (r) => {
      notifications.show({
        color: "green",
        title: t("pagos.emision.hechoTitulo"),
        message: t("pagos.emision.hecho", { count: r.nuevos, importe: importe(r.importeNuevos) }),
      });
      void refrescar();
      if (anyoValido !== null) alEmitir?.(anyoValido);
      setIdTrabajo(null);
      alCerrar();
    },
  });
  const [elegidos, setElegidos] = useState<string[]>([]);
  const [previa, setPrevia] = useState<EmisionResultado | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!abierto) return;
    setAnyo(anyoInicial);
    setElegidos([]);
    setPrevia(null);
    setError(null);
    setIdTrabajo(null);
  }, [abierto, anyoInicial]);

  const lista = anyoValido === null ? [] : (productos.data?.items ?? []);

  async function lanzar(confirmar: boolean) {
    if (anyoValido === null || elegidos.length === 0) {
      setError(t("pagos.emision.faltanProductos"));
      return;
    }
    setError(null);
    try {
      const r = await emitir.mutateAsync({
        anyo: anyoValido,
        productos: elegidos.map(Number),
        confirmar,
      });
      if ("idTrabajo" in r) setIdTrabajo(r.idTrabajo);
      else setPrevia(r);
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  return (
    <Modal opened={abierto} onClose={alCerrar} title={t("pagos.emision.titulo")} centered size="xl">
      <Stack>
        <Text size="sm">{t("pagos.emision.ayuda")}</Text>
        <NumberInput
          label={t("pagos.campos.anyo")}
          min={2000}
          max={2100}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          value={anyo}
          onChange={(v) => {
            setAnyo(v);
            setElegidos([]);
            setPrevia(null);
          }}
          maw={160}
        />
        <Checkbox.Group
          label={t("pagos.emision.productos")}
          value={elegidos}
          onChange={(v) => {
            setElegidos(v);
            setPrevia(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            {lista.map((p) => (
              <Checkbox
                key={p.id}
                value={String(p.id)}
                label={`${p.nombre} · ${t(`productos.tipos.${p.tipo}`)} · ${importe(p.precio)}`}
              />
            ))}
            {productos.isSuccess && lista.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("pagos.emision.sinProductos")}
              </Text>
            ) : null}
          </Stack>
        </Checkbox.Group>
        {error ? (
          <Alert role="alert" color="red" title={t("pagos.emision.error")}>
            {error}
          </Alert>
        ) : null}
        {previa ? <TablaPrevia previa={previa} /> : null}
        {idTrabajo !== null ? (
          <ProgresoTrabajo
            trabajo={seguimiento.trabajo}
            errorConsulta={seguimiento.errorConsulta}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("comun.cancelar")}
          </Button>
          <Button
            variant="light"
            onClick={() => void lanzar(false)}
            loading={emitir.isPending && !previa}
            disabled={elegidos.length === 0}
          >
            {t("pagos.emision.previsualizar")}
          </Button>
          <Button
            onClick={() => void lanzar(true)}
            loading={(emitir.isPending && previa !== null) || seguimiento.enCurso}
            disabled={
              previa === null || previa.nuevos === 0 || seguimiento.trabajo?.estado === "fallido"
            }
          >
            {t("pagos.emision.confirmar")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TablaPrevia({ previa }: { previa: EmisionResultado }) {
  const { t } = useTranslation();
  const filas = [
    ...previa.productos.map((p) => ({ ...p, clave: String(p.idProducto) })),
    { ...previa, clave: "total", nombre: t("pagos.emision.total") },
  ];
  return (
    <Stack gap="xs">
      <Table withTableBorder striped aria-label={t("pagos.emision.previa")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("pagos.campos.producto")}</Table.Th>
            <Table.Th ta="right">{t("pagos.emision.cargos")}</Table.Th>
            <Table.Th ta="right">{t("pagos.emision.socios")}</Table.Th>
            <Table.Th ta="right">{t("pagos.emision.importe")}</Table.Th>
            <Table.Th ta="right">{t("pagos.emision.yaExistian")}</Table.Th>
            <Table.Th ta="right">{t("pagos.emision.nuevos")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((f) => (
            <Table.Tr key={f.clave} fw={f.clave === "total" ? 700 : undefined}>
              <Table.Td>{f.nombre}</Table.Td>
              <Table.Td ta="right">{f.numCargos}</Table.Td>
              <Table.Td ta="right">{f.numSocios}</Table.Td>
              <Table.Td ta="right">{importe(f.importe)}</Table.Td>
              <Table.Td ta="right">{f.yaExistian}</Table.Td>
              <Table.Td ta="right">{f.nuevos}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" data-testid="resumen-emision">
        {previa.nuevos === 0
          ? t("pagos.emision.nadaNuevo")
          : t("pagos.emision.resumen", {
              count: previa.nuevos,
              importe: importe(previa.importeNuevos),
            })}
      </Text>
    </Stack>
  );
}
