import {
  aCentimos,
  calcularDerramaAnual,
  calcularDerramaPendiente,
  esBicValido,
  esDocumentoValido,
  esIbanValido,
  formatearFecha,
  formatearImporte,
  SEXOS,
  SI_NO,
  TIPOS_DERRAMA,
  TIPOS_PAGO,
  TIPOS_PAGO_RAMELL,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { erroresDeServidor } from "./errores-formulario";
import {
  CAMPOS_FORMULARIO,
  CAMPOS_PROPIOS,
  type CampoSocio,
  type ValoresSocio,
  valoresDeSocio,
  valoresIniciales,
} from "./formulario-socio";
import { SelectorSocio } from "./selector-socio";
import type { FamiliaSocio, SocioApi } from "./tipos";
import { useFormasPago, useTiposSocio } from "./use-socios";

/** admin: every field; propio: contact and bank data (Mis Datos); lectura: nothing. */
export type ModoFicha = "admin" | "propio" | "lectura";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function numero(v: number | string): number {
  if (v === "") return 0;
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
}

function euros(n: number): string {
  return formatearImporte(aCentimos(n));
}

export function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  const id = `seccion-${titulo.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      aria-labelledby={id}
    >
      <Title order={2} size="h4" mb="sm" id={id}>
        {titulo}
      </Title>
      {children}
    </Paper>
  );
}

function Rejilla({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

type Props = {
  modo: ModoFicha;
  /** The record being edited; null for a new member. */
  socio: SocioApi | null;
  familia?: FamiliaSocio;
  /** Sends the values; resolves with the saved member. */
  guardar?: (valores: ValoresSocio) => Promise<SocioApi | undefined>;
  /** "Socio" section extras: the active/leaver buttons. */
  accionesEstado?: ReactNode;
  /** The family links (after the pickers). */
  enlacesFamilia?: ReactNode;
};

/** The member's record form, in sections, one column on a phone. */
export function FichaSocio({
  modo,
  socio,
  familia,
  guardar,
  accionesEstado,
  enlacesFamilia,
}: Props) {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const formasPago = useFormasPago();
  const [errorGeneral, setErrorGeneral] = useState<{ mensaje: string; otros: string[] } | null>(
    null,
  );
  const [guardando, setGuardando] = useState(false);
  const editables = new Set<CampoSocio>(
    modo === "admin" ? CAMPOS_FORMULARIO : modo === "propio" ? CAMPOS_PROPIOS : [],
  );
  const puedeGuardar = editables.size > 0 && guardar !== undefined;

  const [inicial] = useState(() => (socio ? valoresDeSocio(socio) : valoresIniciales()));
  // The derived levy figures follow what is typed; the rest of the form does not re-render.
  const [derrama, setDerrama] = useState({
    importe: inicial.importeDerrama,
    anyos: inicial.anyosPagoDerrama,
  });
  const form = useForm<ValoresSocio>({
    // Uncontrolled: about sixty inputs, so typing must not re-render all of them.
    mode: "uncontrolled",
    initialValues: inicial,
    onValuesChange: (valores) => {
      setDerrama((antes) =>
        antes.importe === valores.importeDerrama && antes.anyos === valores.anyosPagoDerrama
          ? antes
          : { importe: valores.importeDerrama, anyos: valores.anyosPagoDerrama },
      );
    },
    validate: {
      nombre: (v) => (v.trim() === "" ? t("socios.validacion.nombre") : null),
      apellidos: (v) => (v.trim() === "" ? t("socios.validacion.apellidos") : null),
      nif: (v) =>
        v.trim() === "" || esDocumentoValido(v.trim()) ? null : t("socios.validacion.nif"),
      email: (v) => (v.trim() === "" || EMAIL.test(v.trim()) ? null : t("socios.validacion.email")),
      iban: (v) => (v.trim() === "" || esIbanValido(v) ? null : t("socios.validacion.iban")),
      bic: (v) => (v.trim() === "" || esBicValido(v) ? null : t("socios.validacion.bic")),
      fechaNacimiento: (v) =>
        v !== "" && v > new Date().toISOString().slice(0, 10)
          ? t("socios.validacion.nacimiento")
          : null,
    },
  });

  async function enviar(valores: ValoresSocio) {
    if (!guardar) return;
    setErrorGeneral(null);
    setGuardando(true);
    try {
      const guardado = await guardar(valores);
      if (guardado) {
        const nuevos = valoresDeSocio(guardado);
        form.setValues(nuevos);
        form.resetDirty(nuevos);
      }
    } catch (error) {
      const { general, campos, otros } = erroresDeServidor(error, CAMPOS_FORMULARIO);
      form.setErrors(campos);
      setErrorGeneral({ mensaje: general, otros });
    } finally {
      setGuardando(false);
    }
  }

  function enviarInvalido(errores: Record<string, unknown>) {
    setErrorGeneral({ mensaje: t("socios.ficha.revisa"), otros: [] });
    const primero = Object.keys(errores)[0];
    if (primero) document.querySelector<HTMLElement>(`[data-campo="${primero}"]`)?.focus();
  }

  /** Props every input takes: value/onChange/error, read-only when not editable here. */
  const p = (campo: CampoSocio) => ({
    ...form.getInputProps(campo),
    readOnly: !editables.has(campo),
    "data-campo": campo,
  });

  const opcionesTipo = (tipos.data ?? []).map((tipo) => ({
    value: String(tipo.id),
    label: tipo.nombre,
  }));
  if (socio?.tipo && !opcionesTipo.some((o) => o.value === String(socio.tipo?.id))) {
    opcionesTipo.push({ value: String(socio.tipo.id), label: socio.tipo.nombre });
  }
  const opcionesFormaPago = (formasPago.data ?? []).map((f) => ({
    value: String(f.id),
    label: f.nombre,
  }));
  if (socio?.idFormaPago && !opcionesFormaPago.some((o) => o.value === String(socio.idFormaPago))) {
    opcionesFormaPago.push({
      value: String(socio.idFormaPago),
      label: t("socios.ficha.formaPagoNumero", { id: socio.idFormaPago }),
    });
  }
  const opciones = <T extends string>(lista: readonly T[], texto: (v: T) => string) =>
    lista.map((v) => ({ value: v, label: texto(v) }));
  const selector = (campo: "idPagador" | "idPareja" | "idPadre") => ({
    valorInicial: form.getValues()[campo],
    onChange: (id: number | null) => form.setFieldValue(campo, id),
    error: form.errors[campo],
  });

  const importe = numero(derrama.importe);
  const anyos = Math.trunc(numero(derrama.anyos));
  const pagada = socio?.derramaPagada ?? 0;
  const esAdmin = modo === "admin";

  return (
    <form
      onSubmit={form.onSubmit(enviar, enviarInvalido)}
      noValidate
      aria-label={t("socios.ficha.formulario")}
    >
      <Stack gap="md">
        {esAdmin && socio?.noEnvios ? (
          <Alert color="gray" variant="light">
            {t("socios.misDatos.noQuiereEnvios")}
          </Alert>
        ) : null}
        <Seccion titulo={t("socios.secciones.personales")}>
          <Rejilla>
            <TextInput
              label={t("socios.campos.nombre")}
              required={esAdmin}
              autoComplete="off"
              key={form.key("nombre")}
              {...p("nombre")}
            />
            <TextInput
              label={t("socios.campos.apellidos")}
              required={esAdmin}
              autoComplete="off"
              key={form.key("apellidos")}
              {...p("apellidos")}
            />
            <TextInput
              label={t("socios.campos.nif")}
              autoComplete="off"
              key={form.key("nif")}
              {...p("nif")}
            />
            <CampoFecha
              label={t("socios.campos.fechaNacimiento")}
              key={form.key("fechaNacimiento")}
              {...p("fechaNacimiento")}
            />
            <Select
              label={t("socios.campos.sexo")}
              data={opciones(SEXOS, (v) => t(`socios.sexo.${v}`))}
              allowDeselect={false}
              key={form.key("sexo")}
              {...p("sexo")}
            />
            <TextInput
              label={t("socios.campos.direccion")}
              autoComplete="street-address"
              key={form.key("direccion")}
              {...p("direccion")}
            />
            <TextInput
              label={t("socios.campos.poblacion")}
              autoComplete="address-level2"
              key={form.key("poblacion")}
              {...p("poblacion")}
            />
            <TextInput
              label={t("socios.campos.provincia")}
              autoComplete="address-level1"
              key={form.key("provincia")}
              {...p("provincia")}
            />
            <TextInput
              label={t("socios.campos.codPostal")}
              autoComplete="postal-code"
              inputMode="numeric"
              key={form.key("codPostal")}
              {...p("codPostal")}
            />
            <TextInput
              type="tel"
              label={t("socios.campos.telefono")}
              autoComplete="tel"
              key={form.key("telefono")}
              {...p("telefono")}
            />
            <TextInput
              type="email"
              label={t("socios.campos.email")}
              autoComplete="email"
              key={form.key("email")}
              {...p("email")}
            />
          </Rejilla>
        </Seccion>

        <Seccion titulo={t("socios.secciones.socio")}>
          <Stack gap="sm">
            <Rejilla>
              <Select
                label={t("socios.campos.tipo")}
                data={opcionesTipo}
                clearable={esAdmin}
                placeholder={esAdmin ? t("socios.ficha.elegir") : undefined}
                key={form.key("tipo")}
                {...p("tipo")}
              />
              <NumberInput
                label={t("socios.campos.matricula")}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                key={form.key("matricula")}
                {...p("matricula")}
              />
              <NumberInput
                label={t("socios.campos.anyoAlta")}
                min={0}
                max={9999}
                allowDecimal={false}
                allowNegative={false}
                key={form.key("anyoAlta")}
                {...p("anyoAlta")}
              />
              <CampoFecha
                label={t("socios.campos.fechaAlta")}
                key={form.key("fechaAlta")}
                {...p("fechaAlta")}
              />
              <NumberInput
                label={t("socios.campos.edadFestera")}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                key={form.key("edadFestera")}
                {...p("edadFestera")}
              />
              <NumberInput
                label={t("socios.campos.numDamas")}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                key={form.key("numDamas")}
                {...p("numDamas")}
              />
              {socio?.edad !== undefined && socio?.edad !== null ? (
                <TextInput label={t("socios.campos.edad")} value={String(socio.edad)} readOnly />
              ) : null}
            </Rejilla>
            {socio ? (
              <Group gap="sm" align="center">
                {socio.activo ? (
                  <Badge color="green" variant="light" size="lg">
                    {t("socios.estado.activo")}
                  </Badge>
                ) : (
                  <Stack gap={2}>
                    <Badge color="gray" variant="light" size="lg">
                      {t("socios.estado.bajaDesde", {
                        fecha: formatearFecha(socio.fechaBaja) || "—",
                      })}
                    </Badge>
                    {socio.motivoBaja ? (
                      <Text size="sm">
                        {t("socios.estado.motivo", { motivo: socio.motivoBaja })}
                      </Text>
                    ) : null}
                  </Stack>
                )}
                {accionesEstado}
              </Group>
            ) : null}
          </Stack>
        </Seccion>

        <Seccion titulo={t("socios.secciones.pago")}>
          <Rejilla>
            <Select
              label={t("socios.campos.tipoPago")}
              data={opciones(TIPOS_PAGO, (v) => t(`socios.tipoPago.${v}`))}
              allowDeselect={false}
              key={form.key("tipoPago")}
              {...p("tipoPago")}
            />
            <Select
              label={t("socios.campos.idFormaPago")}
              data={opcionesFormaPago}
              clearable={esAdmin}
              placeholder={esAdmin ? t("socios.ficha.elegir") : undefined}
              key={form.key("idFormaPago")}
              {...p("idFormaPago")}
            />
            <TextInput
              label={t("socios.campos.iban")}
              autoComplete="off"
              key={form.key("iban")}
              {...p("iban")}
            />
            <TextInput
              label={t("socios.campos.bic")}
              autoComplete="off"
              key={form.key("bic")}
              {...p("bic")}
            />
            <TextInput
              label={t("remesas.mandato.id")}
              autoComplete="off"
              maxLength={35}
              key={form.key("mandatoId")}
              {...p("mandatoId")}
            />
            <CampoFecha
              label={t("remesas.mandato.fecha")}
              key={form.key("mandatoFecha")}
              {...p("mandatoFecha")}
            />
            {esAdmin ? (
              <SelectorSocio
                label={t("socios.campos.idPagador")}
                actual={familia?.pagador}
                excluir={socio?.id}
                key={form.key("idPagador")}
                {...selector("idPagador")}
              />
            ) : null}
          </Rejilla>
        </Seccion>

        {esAdmin ? (
          <Seccion titulo={t("socios.secciones.familia")}>
            <Stack gap="md">
              <Rejilla>
                <SelectorSocio
                  label={t("socios.campos.idPareja")}
                  actual={familia?.pareja}
                  excluir={socio?.id}
                  key={form.key("idPareja")}
                  {...selector("idPareja")}
                />
                <SelectorSocio
                  label={t("socios.campos.idPadre")}
                  actual={familia?.padre}
                  excluir={socio?.id}
                  key={form.key("idPadre")}
                  {...selector("idPadre")}
                />
                <TextInput
                  label={t("socios.campos.nombreYerno")}
                  key={form.key("nombreYerno")}
                  {...p("nombreYerno")}
                />
              </Rejilla>
              {enlacesFamilia}
            </Stack>
          </Seccion>
        ) : null}

        <Seccion titulo={t("socios.secciones.derrama")}>
          <Rejilla>
            <Select
              label={t("socios.campos.pagarDerrama")}
              data={opciones(SI_NO, (v) => t(`socios.siNo.${v}`))}
              allowDeselect={false}
              key={form.key("pagarDerrama")}
              {...p("pagarDerrama")}
            />
            <Select
              label={t("socios.campos.tipoDerrama")}
              data={opciones(TIPOS_DERRAMA, (v) => t(`socios.tipoDerrama.${v}`))}
              allowDeselect={false}
              key={form.key("tipoDerrama")}
              {...p("tipoDerrama")}
            />
            <NumberInput
              label={t("socios.campos.anyoDerrama")}
              min={0}
              max={9999}
              allowDecimal={false}
              allowNegative={false}
              key={form.key("anyoDerrama")}
              {...p("anyoDerrama")}
            />
            <NumberInput
              label={t("socios.campos.importeDerrama")}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              allowNegative={false}
              key={form.key("importeDerrama")}
              {...p("importeDerrama")}
            />
            <NumberInput
              label={t("socios.campos.anyosPagoDerrama")}
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              key={form.key("anyosPagoDerrama")}
              {...p("anyosPagoDerrama")}
            />
            <TextInput
              label={t("socios.campos.derramaAnual")}
              value={euros(calcularDerramaAnual(importe, anyos))}
              readOnly
              variant="filled"
            />
            <TextInput
              label={t("socios.campos.derramaPagada")}
              value={euros(pagada)}
              readOnly
              variant="filled"
            />
            <TextInput
              label={t("socios.campos.derramaPendiente")}
              value={euros(calcularDerramaPendiente(importe, pagada))}
              readOnly
              variant="filled"
            />
          </Rejilla>
        </Seccion>

        <Seccion titulo={t("socios.secciones.ramell")}>
          <Rejilla>
            <Select
              label={t("socios.campos.ramell")}
              data={opciones(SI_NO, (v) => t(`socios.siNo.${v}`))}
              allowDeselect={false}
              key={form.key("ramell")}
              {...p("ramell")}
            />
            <Select
              label={t("socios.campos.tipoPagoRamell")}
              data={opciones(TIPOS_PAGO_RAMELL, (v) => t(`socios.tipoPagoRamell.${v}`))}
              allowDeselect={false}
              key={form.key("tipoPagoRamell")}
              {...p("tipoPagoRamell")}
            />
            <NumberInput
              label={t("socios.campos.anyoRamell")}
              min={0}
              max={9999}
              allowDecimal={false}
              allowNegative={false}
              key={form.key("anyoRamell")}
              {...p("anyoRamell")}
            />
            {(
              ["ramellPago1", "ramellPago2", "ramellPago3", "ramellPago4", "ramellPago5"] as const
            ).map((campo) => (
              <NumberInput
                key={form.key(campo)}
                label={t(`socios.campos.${campo}`)}
                min={0}
                decimalScale={2}
                decimalSeparator=","
                allowNegative={false}
                {...p(campo)}
              />
            ))}
          </Rejilla>
        </Seccion>

        {/* The board's internal notes: only the board sees them (the API leaves them out for a
            member). The textarea's label is the section's title (one accessible name, not two). */}
        {esAdmin ? (
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <Textarea
              label={t("socios.campos.comentarios")}
              labelProps={{ fz: "lg", fw: 700, mb: 4 }}
              autosize
              minRows={3}
              maxRows={12}
              key={form.key("comentarios")}
              {...p("comentarios")}
            />
          </Paper>
        ) : null}

        {puedeGuardar ? (
          <Stack
            gap="sm"
            pos="sticky"
            bottom={0}
            py="sm"
            bg="var(--mantine-color-body)"
            style={{ zIndex: 2, borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            {errorGeneral ? (
              <Alert role="alert" color="red" title={t("socios.ficha.errorGuardar")}>
                <Text size="sm">{errorGeneral.mensaje}</Text>
                {errorGeneral.otros.length > 0 ? (
                  <List size="sm" mt={4}>
                    {errorGeneral.otros.map((m) => (
                      <List.Item key={m}>{m}</List.Item>
                    ))}
                  </List>
                ) : null}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={guardando}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              >
                {t("comun.guardar")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}
