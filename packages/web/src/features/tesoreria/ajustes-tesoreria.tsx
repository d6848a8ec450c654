import {
  aCentimos,
  type CategoriaTesoreria,
  type CategoriaTesoreriaEntrada,
  type CuentaTesoreria,
  type CuentaTesoreriaEntrada,
  ErrorHttp,
  formatearFecha,
  formatearImporte,
} from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { AvisoError } from "../loteria/aviso-error";
import { hoyIso } from "../pagos/pagos-logica";
import { avisarHecho } from "./avisos";
import { useAjustes, useCategorias, useCuentas, useMutacionesTesoreria } from "./use-tesoreria";

const euros = (v: number) => formatearImporte(aCentimos(v));

/** The API's 400 `detalles`, field by field (first message wins). */
function erroresDeCampo(error: unknown, campos: readonly string[]): Record<string, string> {
  const errores: Record<string, string> = {};
  if (!(error instanceof ErrorHttp)) return errores;
  const detalles = (error.cuerpo as { detalles?: unknown } | null)?.detalles;
  for (const d of Array.isArray(detalles) ? detalles : []) {
    if (campos.includes(d?.campo) && typeof d.mensaje === "string") errores[d.campo] ??= d.mensaje;
  }
  return errores;
}

/**
 * The treasury's settings: the accounts (cash box and banks, with their opening balance), the
 * categories with their PGC ESFL account, and which bank account receives remittances and the
 * online payments.
 */
export function AjustesTesoreria() {
  const { t } = useTranslation();
  const cuentas = useCuentas();
  const categorias = useCategorias();
  const [cuenta, setCuenta] = useState<{ c: CuentaTesoreria | null } | null>(null);
  const [categoria, setCategoria] = useState<{ c: CategoriaTesoreria | null } | null>(null);
  const listaCuentas = cuentas.data?.items ?? [];
  const listaCategorias = categorias.data?.items ?? [];

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="tesoreria-cuentas">
        <Group justify="space-between">
          <Title order={2} size="h4" id="tesoreria-cuentas">
            {t("tesoreria.cuentas.titulo")}
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCuenta({ c: null })}
          >
            {t("tesoreria.cuentas.nueva")}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table striped withTableBorder aria-label={t("tesoreria.cuentas.titulo")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("tesoreria.cuentas.nombre")}</Table.Th>
                <Table.Th>{t("tesoreria.cuentas.iban")}</Table.Th>
                <Table.Th ta="right">{t("tesoreria.cuentas.saldoInicial")}</Table.Th>
                <Table.Th ta="right">{t("tesoreria.campos.saldo")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listaCuentas.map((c) => (
                <Table.Tr key={c.id} c={c.activo ? undefined : "dimmed"}>
                  <Table.Td>
                    {c.nombre}{" "}
                    <Badge size="xs" variant="light">
                      {t(`tesoreria.cuentas.tipos.${c.tipo}`)}
                    </Badge>
                    {c.activo ? null : (
                      <Badge size="xs" variant="light" color="gray" ml={4}>
                        {t("tesoreria.inactiva")}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{c.iban}</Table.Td>
                  <Table.Td ta="right">
                    {euros(c.saldoInicial)}
                    <Text size="xs" c="dimmed">
                      {formatearFecha(c.fechaSaldoInicial)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{euros(c.saldo)}</Table.Td>
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("tesoreria.editar", { nombre: c.nombre })}
                      onClick={() => setCuenta({ c })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <CuentasAutomaticas cuentas={listaCuentas} />

      <Stack gap="sm" component="section" aria-labelledby="tesoreria-categorias">
        <Group justify="space-between">
          <Title order={2} size="h4" id="tesoreria-categorias">
            {t("tesoreria.categorias.titulo")}
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCategoria({ c: null })}
          >
            {t("tesoreria.categorias.nueva")}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table striped withTableBorder aria-label={t("tesoreria.categorias.titulo")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("tesoreria.categorias.nombre")}</Table.Th>
                <Table.Th>{t("tesoreria.categorias.tipo")}</Table.Th>
                <Table.Th>{t("tesoreria.categorias.codigoPgc")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...listaCategorias]
                .sort(
                  (a, b) => a.tipo.localeCompare(b.tipo) || a.nombre.localeCompare(b.nombre, "es"),
                )
                .map((c) => (
                  <Table.Tr key={c.id} c={c.activo ? undefined : "dimmed"}>
                    <Table.Td>
                      {c.nombre}
                      {c.activo ? null : (
                        <Badge size="xs" variant="light" color="gray" ml={4}>
                          {t("tesoreria.inactiva")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`tesoreria.tipos.${c.tipo}`)}</Table.Td>
                    <Table.Td>{c.codigoPgc}</Table.Td>
                    <Table.Td ta="right">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("tesoreria.editar", { nombre: c.nombre })}
                        onClick={() => setCategoria({ c })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      {cuenta ? <CuentaModal cuenta={cuenta.c} alCerrar={() => setCuenta(null)} /> : null}
      {categoria ? (
        <CategoriaModal categoria={categoria.c} alCerrar={() => setCategoria(null)} />
      ) : null}
    </Stack>
  );
}

/** Which bank account receives remittances (and desk payments without their own) and the POS. */
function CuentasAutomaticas({ cuentas }: { cuentas: readonly CuentaTesoreria[] }) {
  const { t } = useTranslation();
  const ajustes = useAjustes();
  const { guardarAjustes } = useMutacionesTesoreria();
  const [valores, setValores] = useState<{ idCuentaBanco: string; idCuentaTpv: string } | null>(
    null,
  );
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (ajustes.data) {
      setValores({
        idCuentaBanco: String(ajustes.data.idCuentaBanco),
        idCuentaTpv: String(ajustes.data.idCuentaTpv),
      });
    }
  }, [ajustes.data]);
  const bancos = cuentas
    .filter((c) => c.tipo === "banco" && c.activo)
    .map((c) => ({ value: String(c.id), label: c.nombre }));

  async function guardar() {
    if (!valores) return;
    setError(null);
    try {
      await guardarAjustes.mutateAsync({
        idCuentaBanco: Number(valores.idCuentaBanco),
        idCuentaTpv: Number(valores.idCuentaTpv),
      });
      avisarHecho(t("tesoreria.ajustes.guardado"));
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tesoreria-ajustes">
      <Stack gap="sm">
        <Title order={2} size="h5" id="tesoreria-ajustes">
          {t("tesoreria.ajustes.titulo")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("tesoreria.ajustes.explicacion")}
        </Text>
        <AvisoError error={error} titulo={t("tesoreria.ajustes.error")} />
        <Group align="flex-end" gap="sm">
          <Select
            label={t("tesoreria.ajustes.idCuentaBanco")}
            data={bancos}
            allowDeselect={false}
            value={valores?.idCuentaBanco ?? null}
            onChange={(v) => v && valores && setValores({ ...valores, idCuentaBanco: v })}
            w={220}
          />
          <Select
            label={t("tesoreria.ajustes.idCuentaTpv")}
            data={bancos}
            allowDeselect={false}
            value={valores?.idCuentaTpv ?? null}
            onChange={(v) => v && valores && setValores({ ...valores, idCuentaTpv: v })}
            w={220}
          />
          <Button
            variant="default"
            onClick={() => void guardar()}
            loading={guardarAjustes.isPending}
            disabled={!valores}
          >
            {t("comun.guardar")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const CAMPOS_CUENTA = ["nombre", "tipo", "iban", "saldoInicial", "fechaSaldoInicial", "activo"];

function CuentaModal({
  cuenta,
  alCerrar,
}: {
  cuenta: CuentaTesoreria | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { guardarCuenta } = useMutacionesTesoreria();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<{
    nombre: string;
    tipo: "caja" | "banco";
    iban: string;
    saldoInicial: number | "";
    fechaSaldoInicial: string;
    activo: boolean;
  }>({
    initialValues: {
      nombre: cuenta?.nombre ?? "",
      tipo: cuenta?.tipo ?? "banco",
      iban: cuenta?.iban ?? "",
      saldoInicial: cuenta?.saldoInicial ?? 0,
      fechaSaldoInicial: cuenta?.fechaSaldoInicial ?? hoyIso(),
      activo: cuenta?.activo ?? true,
    },
    validate: {
      nombre: (v) => (v.trim() === "" ? t("tesoreria.cuentas.errores.nombre") : null),
      iban: (v, valores) =>
        valores.tipo === "banco" && v.trim() === "" ? t("tesoreria.cuentas.errores.iban") : null,
      fechaSaldoInicial: (v) => (v === "" ? t("tesoreria.cuentas.errores.fecha") : null),
    },
  });

  async function enviar(v: typeof form.values) {
    setError(null);
    const datos: CuentaTesoreriaEntrada = {
      nombre: v.nombre.trim(),
      tipo: v.tipo,
      iban: v.tipo === "caja" ? "" : v.iban.trim(),
      saldoInicial: v.saldoInicial === "" ? 0 : v.saldoInicial,
      fechaSaldoInicial: v.fechaSaldoInicial,
      activo: v.activo,
    };
    try {
      await guardarCuenta.mutateAsync({ id: cuenta?.id ?? null, datos });
      avisarHecho(t("tesoreria.guardada", { nombre: datos.nombre }));
      alCerrar();
    } catch (e) {
      setError(e);
      form.setErrors(erroresDeCampo(e, CAMPOS_CUENTA));
    }
  }

  return (
    <Modal
      opened
      onClose={alCerrar}
      title={
        cuenta ? t("tesoreria.editar", { nombre: cuenta.nombre }) : t("tesoreria.cuentas.nueva")
      }
    >
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack gap="sm">
          <AvisoError error={error} titulo={t("tesoreria.errorGuardar")} />
          <TextInput
            label={t("tesoreria.cuentas.nombre")}
            required
            maxLength={80}
            data-autofocus
            {...form.getInputProps("nombre")}
          />
          <SegmentedControl
            aria-label={t("tesoreria.cuentas.tipo")}
            data={[
              { value: "banco", label: t("tesoreria.cuentas.tipos.banco") },
              { value: "caja", label: t("tesoreria.cuentas.tipos.caja") },
            ]}
            {...form.getInputProps("tipo")}
          />
          {form.values.tipo === "banco" ? (
            <TextInput
              label={t("tesoreria.cuentas.iban")}
              required
              maxLength={42}
              {...form.getInputProps("iban")}
            />
          ) : null}
          <Group grow align="flex-start">
            <NumberInput
              label={t("tesoreria.cuentas.saldoInicial")}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              suffix=" €"
              {...form.getInputProps("saldoInicial")}
            />
            <CampoFecha
              label={t("tesoreria.cuentas.fechaSaldoInicial")}
              required
              {...form.getInputProps("fechaSaldoInicial")}
            />
          </Group>
          <Switch
            label={t("tesoreria.cuentas.activa")}
            {...form.getInputProps("activo", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={guardarCuenta.isPending}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const CAMPOS_CATEGORIA = ["nombre", "tipo", "codigoPgc", "activo"];

function CategoriaModal({
  categoria,
  alCerrar,
}: {
  categoria: CategoriaTesoreria | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { guardarCategoria } = useMutacionesTesoreria();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<CategoriaTesoreriaEntrada>({
    initialValues: {
      nombre: categoria?.nombre ?? "",
      tipo: categoria?.tipo ?? "gasto",
      codigoPgc: categoria?.codigoPgc ?? "",
      activo: categoria?.activo ?? true,
    },
    validate: {
      nombre: (v) => (v.trim() === "" ? t("tesoreria.categorias.errores.nombre") : null),
      codigoPgc: (v) =>
        /^(\d{3,10})?$/.test(v.trim()) ? null : t("tesoreria.categorias.errores.codigoPgc"),
    },
  });

  async function enviar(v: CategoriaTesoreriaEntrada) {
    setError(null);
    const datos = { ...v, nombre: v.nombre.trim(), codigoPgc: v.codigoPgc.trim() };
    try {
      await guardarCategoria.mutateAsync({ id: categoria?.id ?? null, datos });
      avisarHecho(t("tesoreria.guardada", { nombre: datos.nombre }));
      alCerrar();
    } catch (e) {
      setError(e);
      form.setErrors(erroresDeCampo(e, CAMPOS_CATEGORIA));
    }
  }

  return (
    <Modal
      opened
      onClose={alCerrar}
      title={
        categoria
          ? t("tesoreria.editar", { nombre: categoria.nombre })
          : t("tesoreria.categorias.nueva")
      }
    >
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack gap="sm">
          <AvisoError error={error} titulo={t("tesoreria.errorGuardar")} />
          <TextInput
            label={t("tesoreria.categorias.nombre")}
            required
            maxLength={80}
            data-autofocus
            {...form.getInputProps("nombre")}
          />
          <SegmentedControl
            aria-label={t("tesoreria.categorias.tipo")}
            data={[
              { value: "gasto", label: t("tesoreria.tipos.gasto") },
              { value: "ingreso", label: t("tesoreria.tipos.ingreso") },
            ]}
            {...form.getInputProps("tipo")}
          />
          <TextInput
            label={t("tesoreria.categorias.codigoPgc")}
            description={t("tesoreria.categorias.codigoPgcAyuda")}
            inputMode="numeric"
            maxLength={10}
            {...form.getInputProps("codigoPgc")}
          />
          {categoria?.clave ? (
            <Text size="xs" c="dimmed">
              {t("tesoreria.categorias.deSerie")}
            </Text>
          ) : null}
          <Switch
            label={t("tesoreria.categorias.activa")}
            {...form.getInputProps("activo", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={guardarCategoria.isPending}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
