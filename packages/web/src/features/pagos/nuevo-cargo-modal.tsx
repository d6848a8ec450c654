import { mensajeDeError } from "@fila/domain";
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { useProductos } from "../productos/use-productos";
import { SelectorSocio } from "../socios/selector-socio";
import { hoyIso } from "./pagos-logica";
import { useMutacionesPagos } from "./use-pagos";

type Errores = Partial<Record<"idSocio" | "concepto" | "importe" | "fechaVencimiento", string>>;

/** A manual charge for one member: product optional, charged to the member's payer. */
export function NuevoCargoModal({
  abierto,
  anyo,
  alCerrar,
}: {
  abierto: boolean;
  /** The year whose products are offered. */
  anyo: number;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const productos = useProductos(anyo, false, abierto);
  const { crearCargo } = useMutacionesPagos();
  const [idSocio, setIdSocio] = useState<number | null>(null);
  const [idProducto, setIdProducto] = useState<string | null>(null);
  const [concepto, setConcepto] = useState("");
  const [cantidad, setCantidad] = useState<number | string>("");
  const [vencimiento, setVencimiento] = useState(hoyIso());
  const [errores, setErrores] = useState<Errores>({});
  const [error, setError] = useState<string | null>(null);
  const [apertura, setApertura] = useState(0);

  useEffect(() => {
    if (!abierto) return;
    setIdSocio(null);
    setIdProducto(null);
    setConcepto("");
    setCantidad("");
    setVencimiento(hoyIso());
    setErrores({});
    setError(null);
    setApertura((n) => n + 1);
  }, [abierto]);

  const lista = productos.data?.items ?? [];

  function elegirProducto(valor: string | null) {
    setIdProducto(valor);
    const producto = lista.find((p) => String(p.id) === valor);
    if (!producto) return;
    if (concepto.trim() === "") setConcepto(producto.nombre);
    if (cantidad === "" && producto.precio > 0) setCantidad(producto.precio);
  }

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    const nuevos: Errores = {};
    if (idSocio === null) nuevos.idSocio = t("pagos.cargo.faltaSocio");
    if (concepto.trim() === "") nuevos.concepto = t("pagos.cargo.faltaConcepto");
    if (typeof cantidad !== "number" || cantidad <= 0)
      nuevos.importe = t("pagos.cargo.faltaImporte");
    if (vencimiento === "") nuevos.fechaVencimiento = t("pagos.cargo.faltaVencimiento");
    setErrores(nuevos);
    if (Object.keys(nuevos).length > 0 || idSocio === null || typeof cantidad !== "number") return;
    setError(null);
    try {
      await crearCargo.mutateAsync({
        idSocio,
        idProducto: idProducto ? Number(idProducto) : null,
        concepto: concepto.trim(),
        importe: cantidad,
        fechaVencimiento: vencimiento,
      });
      notifications.show({ color: "green", message: t("pagos.cargo.hecho") });
      alCerrar();
    } catch (err) {
      setError(mensajeDeError(err));
    }
  }

  return (
    <Modal opened={abierto} onClose={alCerrar} title={t("pagos.cargo.titulo")} centered size="lg">
      <form onSubmit={enviar} noValidate>
        <Stack>
          {error ? (
            <Alert role="alert" color="red" title={t("pagos.cargo.error")}>
              {error}
            </Alert>
          ) : null}
          <SelectorSocio
            key={apertura}
            label={t("pagos.campos.socio")}
            valorInicial={null}
            actual={null}
            onChange={setIdSocio}
            error={errores.idSocio}
          />
          <Select
            label={t("pagos.campos.producto")}
            placeholder={t("pagos.cargo.sinProducto")}
            data={lista.map((p) => ({ value: String(p.id), label: p.nombre }))}
            value={idProducto}
            onChange={elegirProducto}
            clearable
          />
          <TextInput
            label={t("pagos.campos.concepto")}
            required
            maxLength={200}
            value={concepto}
            onChange={(e) => setConcepto(e.currentTarget.value)}
            error={errores.concepto}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t("pagos.campos.importe")}
              required
              decimalSeparator=","
              decimalScale={2}
              allowNegative={false}
              suffix=" €"
              value={cantidad}
              onChange={setCantidad}
              error={errores.importe}
            />
            <CampoFecha
              label={t("pagos.campos.vencimiento")}
              required
              value={vencimiento}
              onChange={setVencimiento}
              error={errores.fechaVencimiento}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={crearCargo.isPending}>
              {t("pagos.cargo.confirmar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
