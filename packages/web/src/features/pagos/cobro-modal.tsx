import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { useFormasPago } from "../socios/use-socios";
import { useCuentas } from "../tesoreria/use-tesoreria";
import { hoyIso, importe, nombrePersona } from "./pagos-logica";
import type { PagoApi } from "./tipos";
import { useMutacionesPagos } from "./use-pagos";

/**
 * "Registrar cobro" of one charge (with an optional partial amount) or of several at once
 * (each for its whole amount). Dates default to today.
 */
export function CobroModal({
  pagos,
  alCerrar,
  alCobrar,
}: {
  /** The charges to collect; empty = closed. */
  pagos: PagoApi[];
  alCerrar: () => void;
  alCobrar?: () => void;
}) {
  const { t } = useTranslation();
  const abierto = pagos.length > 0;
  const formas = useFormasPago(abierto);
  const cuentas = useCuentas(abierto);
  const { cobrar, cobrarVarios } = useMutacionesPagos();
  const [fecha, setFecha] = useState(hoyIso());
  const [idFormaPago, setIdFormaPago] = useState<string | null>(null);
  // Empty: the treasury account of the payment method (issue 47); the desk may choose another.
  const [idCuenta, setIdCuenta] = useState<string | null>(null);
  const [referencia, setReferencia] = useState("");
  const [parcial, setParcial] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);
  const [faltaForma, setFaltaForma] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const uno = pagos.length === 1 ? pagos[0] : null;
  const total = pagos.reduce((suma, p) => suma + Math.round(p.importe * 100), 0) / 100;

  // Each opening starts clean; a single charge proposes its member's payment method.
  useEffect(() => {
    if (!abierto) return;
    setFecha(hoyIso());
    setReferencia("");
    setParcial("");
    setError(null);
    setFaltaForma(false);
    setIdCuenta(null);
    setIdFormaPago(uno?.idFormaPago ? String(uno.idFormaPago) : null);
  }, [abierto, uno]);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    if (!idFormaPago) {
      setFaltaForma(true);
      return;
    }
    setFaltaForma(false);
    setError(null);
    setEnviando(true);
    const comun = {
      fecha,
      idFormaPago: Number(idFormaPago),
      referencia: referencia.trim(),
      ...(idCuenta ? { idCuentaTesoreria: Number(idCuenta) } : {}),
    };
    try {
      if (uno) {
        const importeParcial = typeof parcial === "number" ? parcial : undefined;
        await cobrar.mutateAsync({ id: uno.id, datos: { ...comun, importe: importeParcial } });
        notifications.show({
          color: "green",
          message:
            importeParcial !== undefined && importeParcial < uno.importe
              ? t("pagos.cobro.parcialHecho", { importe: importe(importeParcial) })
              : t("pagos.cobro.hecho"),
        });
      } else {
        const r = await cobrarVarios.mutateAsync({ ...comun, ids: pagos.map((p) => p.id) });
        notifications.show({
          color: "green",
          message: t("pagos.cobro.variosHecho", {
            count: r.cobrados,
            importe: importe(r.importe),
          }),
        });
      }
      alCobrar?.();
      alCerrar();
    } catch (err) {
      setError(mensajeDeError(err));
    } finally {
      setEnviando(false);
    }
  }

  const opciones = (formas.data ?? [])
    .filter((f) => f.activo !== false || String(f.id) === idFormaPago)
    .map((f) => ({ value: String(f.id), label: f.nombre }));

  return (
    <Modal opened={abierto} onClose={alCerrar} title={t("pagos.cobro.titulo")} centered>
      <form onSubmit={enviar} noValidate>
        <Stack>
          <Text size="sm">
            {uno
              ? t("pagos.cobro.textoUno", {
                  concepto: uno.concepto,
                  socio: nombrePersona(uno.socio),
                  importe: importe(uno.importe),
                })
              : t("pagos.cobro.textoVarios", { count: pagos.length, importe: importe(total) })}
          </Text>
          {error ? (
            <Alert role="alert" color="red" title={t("pagos.cobro.error")}>
              {error}
            </Alert>
          ) : null}
          <CampoFecha
            label={t("pagos.campos.fechaCobro")}
            required
            value={fecha}
            onChange={setFecha}
          />
          <Select
            label={t("pagos.campos.formaPago")}
            required
            data={opciones}
            value={idFormaPago}
            onChange={setIdFormaPago}
            allowDeselect={false}
            error={faltaForma && !idFormaPago ? t("pagos.cobro.faltaForma") : undefined}
          />
          <Select
            label={t("pagos.cobro.cuentaTesoreria")}
            description={t("pagos.cobro.cuentaTesoreriaAyuda")}
            placeholder={t("pagos.cobro.cuentaDeLaForma")}
            clearable
            data={(cuentas.data?.items ?? [])
              .filter((c) => c.activo || String(c.id) === idCuenta)
              .map((c) => ({ value: String(c.id), label: c.nombre }))}
            value={idCuenta}
            onChange={setIdCuenta}
          />
          <TextInput
            label={t("pagos.campos.referencia")}
            maxLength={200}
            value={referencia}
            onChange={(e) => setReferencia(e.currentTarget.value)}
          />
          {uno ? (
            <NumberInput
              label={t("pagos.cobro.importeParcial")}
              description={t("pagos.cobro.importeParcialAyuda", { importe: importe(uno.importe) })}
              decimalSeparator=","
              decimalScale={2}
              allowNegative={false}
              min={0.01}
              max={uno.importe}
              suffix=" €"
              value={parcial}
              onChange={setParcial}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" color="green" loading={enviando}>
              {t("pagos.cobro.confirmar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
