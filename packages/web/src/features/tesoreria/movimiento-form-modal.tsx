import {
  aCentimos,
  type CategoriaTesoreria,
  type CuentaTesoreria,
  ErrorHttp,
  formatearImporte,
  type TipoCategoriaTesoreria,
} from "@fila/domain";
import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconCamera, IconPaperclip, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { AvisoError } from "../loteria/aviso-error";
import { hoyIso } from "../pagos/pagos-logica";
import { avisarHecho } from "./avisos";
import {
  anyadirLinea,
  categoriasDe,
  centimosDe,
  comprobarLineas,
  cuerpoMovimiento,
  nombreCategoria,
  type ValoresMovimiento,
} from "./tesoreria-logica";
import { useMutacionesTesoreria } from "./use-tesoreria";

/** What a document may be: the phone's camera offers itself for `image/*`. */
export const TIPOS_DOCUMENTO = "image/*,application/pdf";

/** The form's field for each field the API names in its 400. */
function campoDeApi(campo: string): string | null {
  if (/^lineas\.\d+\.(idCategoria|importe)$/.test(campo)) return campo;
  return ["idCuenta", "fecha", "concepto", "importe", "proveedor", "nota", "lineas"].includes(campo)
    ? campo
    : null;
}

/**
 * A movement by hand (an invoice paid, a subsidy received…): account, date, concept, amount and
 * its category lines, which must add up to it; the invoice's PDF or photo goes with it.
 */
export function MovimientoFormModal({
  abierto,
  tipoInicial,
  cuentas,
  categorias,
  idCuentaPorDefecto,
  alCerrar,
}: {
  abierto: boolean;
  tipoInicial: TipoCategoriaTesoreria;
  cuentas: readonly CuentaTesoreria[];
  categorias: readonly CategoriaTesoreria[];
  idCuentaPorDefecto: number | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const movil = useMediaQuery("(max-width: 36em)");
  const activas = cuentas.filter((c) => c.activo);
  const { crearMovimiento, subirDocumento } = useMutacionesTesoreria();
  const [archivos, setArchivos] = useState<File[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [enviando, setEnviando] = useState(false);
  const cuentaInicial =
    activas.find((c) => c.id === idCuentaPorDefecto)?.id ?? activas[0]?.id ?? null;

  const form = useForm<ValoresMovimiento>({
    initialValues: {
      tipo: tipoInicial,
      idCuenta: cuentaInicial === null ? "" : String(cuentaInicial),
      fecha: hoyIso(),
      concepto: "",
      importe: "",
      proveedor: "",
      nota: "",
      lineas: [{ idCategoria: "", importe: "" }],
    },
    validate: (v) => {
      const errores: Record<string, string> = {};
      if (v.idCuenta === "") errores.idCuenta = t("tesoreria.movimiento.errores.cuenta");
      if (v.fecha === "") errores.fecha = t("tesoreria.movimiento.errores.fecha");
      if (v.concepto.trim() === "") errores.concepto = t("tesoreria.movimiento.errores.concepto");
      const { total, porLinea } = comprobarLineas(v);
      porLinea.forEach((p, i) => {
        if (p === "sinCategoria") {
          errores[`lineas.${i}.idCategoria`] = t("tesoreria.movimiento.errores.sinCategoria");
        } else if (p === "repetida") {
          errores[`lineas.${i}.idCategoria`] = t("tesoreria.movimiento.errores.repetida");
        } else if (p === "sinImporte") {
          errores[`lineas.${i}.importe`] = t("tesoreria.movimiento.errores.importeLinea");
        }
      });
      if (total?.tipo === "sinImporte") errores.importe = t("tesoreria.movimiento.errores.importe");
      else if (total)
        errores.lineas = textoDescuadre(total.tipo, total.sumaCentimos, total.centimos);
      return errores;
    },
  });

  function textoDescuadre(tipo: "faltan" | "sobran", suma: number, diferencia: number) {
    return t(`tesoreria.movimiento.errores.${tipo}`, {
      suma: formatearImporte(suma),
      importe: formatearImporte(centimosDe(form.getValues().importe)),
      diferencia: formatearImporte(diferencia),
    });
  }

  const valores = form.getValues();
  const opciones = categoriasDe(categorias, valores.tipo).map((c) => ({
    value: String(c.id),
    label: nombreCategoria(c),
  }));
  const varias = valores.lineas.length > 1;
  const estado = comprobarLineas(valores);

  async function enviar(v: ValoresMovimiento) {
    setError(null);
    setEnviando(true);
    try {
      const movimiento = await crearMovimiento.mutateAsync(cuerpoMovimiento(v));
      for (const archivo of archivos) {
        try {
          await subirDocumento.mutateAsync({ id: movimiento.id, archivo });
        } catch (e) {
          notificarError(e, t("tesoreria.movimiento.errorDocumento", { archivo: archivo.name }));
        }
      }
      avisarHecho(
        t("tesoreria.movimiento.guardado", {
          concepto: movimiento.concepto,
          importe: formatearImporte(aCentimos(movimiento.importe)),
        }),
      );
      alCerrar();
    } catch (e) {
      setError(e);
      if (e instanceof ErrorHttp) {
        const detalles = (e.cuerpo as { detalles?: { campo?: unknown; mensaje?: unknown }[] })
          ?.detalles;
        const campos: Record<string, string> = {};
        for (const d of Array.isArray(detalles) ? detalles : []) {
          const campo = typeof d.campo === "string" ? campoDeApi(d.campo) : null;
          if (campo && typeof d.mensaje === "string") campos[campo] ??= d.mensaje;
        }
        form.setErrors(campos);
      }
    } finally {
      setEnviando(false);
    }
  }

  function cambiarTipo(tipo: string) {
    form.setFieldValue("tipo", tipo as TipoCategoriaTesoreria);
    // The other type's categories do not fit.
    form.setFieldValue(
      "lineas",
      form.getValues().lineas.map((l) => ({ ...l, idCategoria: "" })),
    );
  }

  const anyadirArchivo = (a: File | null) => {
    if (a) setArchivos((previos) => [...previos, a]);
  };

  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      fullScreen={movil}
      size="lg"
      title={t(
        valores.tipo === "gasto"
          ? "tesoreria.movimiento.nuevoGasto"
          : "tesoreria.movimiento.nuevoIngreso",
      )}
    >
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack gap="sm">
          <AvisoError error={error} titulo={t("tesoreria.movimiento.errorGuardar")} />
          <SegmentedControl
            aria-label={t("tesoreria.movimiento.tipo")}
            data={[
              { value: "gasto", label: t("tesoreria.tipos.gasto") },
              { value: "ingreso", label: t("tesoreria.tipos.ingreso") },
            ]}
            value={valores.tipo}
            onChange={cambiarTipo}
          />
          <Group grow align="flex-start" gap="sm">
            <NumberInput
              label={t("tesoreria.movimiento.importe")}
              required
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              suffix=" €"
              inputMode="decimal"
              data-autofocus
              {...form.getInputProps("importe")}
            />
            <CampoFecha
              label={t("tesoreria.campos.fecha")}
              required
              {...form.getInputProps("fecha")}
            />
          </Group>
          <TextInput
            label={t("tesoreria.campos.concepto")}
            required
            maxLength={200}
            {...form.getInputProps("concepto")}
          />
          <Group grow align="flex-start" gap="sm">
            <Select
              label={t("tesoreria.campos.cuenta")}
              required
              allowDeselect={false}
              data={activas.map((c) => ({ value: String(c.id), label: c.nombre }))}
              {...form.getInputProps("idCuenta")}
            />
            <TextInput
              label={t("tesoreria.campos.proveedor")}
              maxLength={200}
              {...form.getInputProps("proveedor")}
            />
          </Group>

          <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500}>
              {t("tesoreria.movimiento.lineas")}
            </Text>
            {valores.lineas.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are their positions
              <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                <Select
                  style={{ flex: 1 }}
                  label={
                    varias
                      ? t("tesoreria.movimiento.categoriaN", { n: i + 1 })
                      : t("tesoreria.campos.categoria")
                  }
                  required
                  searchable
                  data={opciones}
                  nothingFoundMessage={t("tesoreria.movimiento.sinCategorias")}
                  {...form.getInputProps(`lineas.${i}.idCategoria`)}
                />
                {varias ? (
                  <>
                    <NumberInput
                      w={130}
                      label={t("tesoreria.movimiento.importeN", { n: i + 1 })}
                      required
                      min={0}
                      decimalScale={2}
                      decimalSeparator=","
                      thousandSeparator="."
                      suffix=" €"
                      inputMode="decimal"
                      {...form.getInputProps(`lineas.${i}.importe`)}
                    />
                    <ActionIcon
                      mt={28}
                      variant="subtle"
                      color="red"
                      aria-label={t("tesoreria.movimiento.quitarLinea", { n: i + 1 })}
                      onClick={() => form.removeListItem("lineas", i)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </>
                ) : null}
              </Group>
            ))}
            {varias ? (
              <Text
                size="sm"
                c={estado.pendienteCentimos === 0 ? "dimmed" : "red"}
                data-testid="reparto-lineas"
              >
                {estado.pendienteCentimos === 0
                  ? t("tesoreria.movimiento.cuadra")
                  : t(
                      estado.pendienteCentimos > 0
                        ? "tesoreria.movimiento.porRepartir"
                        : "tesoreria.movimiento.deMas",
                      { importe: formatearImporte(Math.abs(estado.pendienteCentimos)) },
                    )}
              </Text>
            ) : null}
            {form.errors.lineas ? (
              <Text size="sm" c="red" role="alert">
                {form.errors.lineas}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.setFieldValue("lineas", anyadirLinea(form.getValues()))}
              >
                {t("tesoreria.movimiento.anyadirLinea")}
              </Button>
            </Group>
          </Stack>

          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("tesoreria.movimiento.documentos")}
            </Text>
            <Group gap="xs">
              <FileButton onChange={anyadirArchivo} accept="image/*" capture="environment">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconCamera size={16} aria-hidden />}
                  >
                    {t("tesoreria.movimiento.foto")}
                  </Button>
                )}
              </FileButton>
              <FileButton onChange={anyadirArchivo} accept={TIPOS_DOCUMENTO}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPaperclip size={16} aria-hidden />}
                  >
                    {t("tesoreria.movimiento.archivo")}
                  </Button>
                )}
              </FileButton>
            </Group>
            {archivos.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice
              <Group key={`${a.name}-${i}`} gap={4} wrap="nowrap">
                <Text size="sm" truncate>
                  {a.name}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t("tesoreria.movimiento.quitarArchivo", { archivo: a.name })}
                  onClick={() => setArchivos((previos) => previos.filter((_, j) => j !== i))}
                />
              </Group>
            ))}
          </Stack>

          <Textarea
            label={t("tesoreria.campos.nota")}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={1000}
            {...form.getInputProps("nota")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={enviando}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
