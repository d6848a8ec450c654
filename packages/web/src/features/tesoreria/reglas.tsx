import { mensajeDeError } from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { AvisoError } from "../loteria/aviso-error";
import type { Regla } from "./extractos-logica";
import { nombreCategoria } from "./tesoreria-logica";
import { type ReglaEntrada, useCategorias, useMutacionesReglas, useReglas } from "./use-tesoreria";

/**
 * The rules the treasurer keeps for the statement's lines the book does not have: «the concept
 * contains COMISION → Comisiones bancarias».
 */
export function ReglasCategoria() {
  const { t } = useTranslation();
  const reglas = useReglas();
  const { borrar } = useMutacionesReglas();
  const [editando, setEditando] = useState<{ r: Regla | null } | null>(null);

  async function quitar(r: Regla) {
    try {
      await borrar.mutateAsync(r.id);
    } catch (e) {
      notificarError(e, t("tesoreria.reglas.errorBorrar"));
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="reglas-categoria">
      <Group justify="space-between">
        <Title order={2} size="h4" id="reglas-categoria">
          {t("tesoreria.reglas.titulo")}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditando({ r: null })}
        >
          {t("tesoreria.reglas.nueva")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("tesoreria.reglas.explicacion")}
      </Text>
      {reglas.isError ? (
        <Text c="red" role="alert">
          {mensajeDeError(reglas.error)}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table striped withTableBorder aria-label={t("tesoreria.reglas.titulo")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("tesoreria.reglas.texto")}</Table.Th>
              <Table.Th>{t("tesoreria.reglas.tipo")}</Table.Th>
              <Table.Th>{t("tesoreria.campos.categoria")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(reglas.data?.items ?? []).map((r) => (
              <Table.Tr key={r.id} c={r.activo ? undefined : "dimmed"}>
                <Table.Td>
                  «{r.texto}»
                  {r.activo ? null : (
                    <Badge size="xs" variant="light" color="gray" ml={4}>
                      {t("tesoreria.inactiva")}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.tipo ? t(`tesoreria.tipos.${r.tipo}`) : t("tesoreria.reglas.cualquiera")}
                </Table.Td>
                <Table.Td>{r.categoria}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("tesoreria.editar", { nombre: r.texto })}
                      onClick={() => setEditando({ r })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("tesoreria.reglas.borrar", { texto: r.texto })}
                      onClick={() => void quitar(r)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editando ? <ReglaModal regla={editando.r} alCerrar={() => setEditando(null)} /> : null}
    </Stack>
  );
}

function ReglaModal({ regla, alCerrar }: { regla: Regla | null; alCerrar: () => void }) {
  const { t } = useTranslation();
  const categorias = useCategorias();
  const { guardar } = useMutacionesReglas();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<{
    texto: string;
    tipo: string;
    idCategoria: string;
    orden: number | "";
    activo: boolean;
  }>({
    initialValues: {
      texto: regla?.texto ?? "",
      tipo: regla?.tipo ?? "",
      idCategoria: regla ? String(regla.idCategoria) : "",
      orden: regla?.orden ?? 0,
      activo: regla?.activo ?? true,
    },
    validate: {
      texto: (v) => (v.trim() === "" ? t("tesoreria.reglas.errores.texto") : null),
      idCategoria: (v) => (v === "" ? t("tesoreria.reglas.errores.categoria") : null),
    },
  });

  async function enviar(v: typeof form.values) {
    setError(null);
    const datos: ReglaEntrada = {
      texto: v.texto.trim(),
      tipo: v.tipo === "ingreso" || v.tipo === "gasto" ? v.tipo : null,
      idCategoria: Number(v.idCategoria),
      orden: v.orden === "" ? 0 : v.orden,
      activo: v.activo,
    };
    try {
      await guardar.mutateAsync({ id: regla?.id ?? null, datos });
      alCerrar();
    } catch (e) {
      setError(e);
    }
  }

  const opciones = (categorias.data?.items ?? [])
    .filter((c) => c.activo || c.id === regla?.idCategoria)
    .filter((c) => form.values.tipo === "" || c.tipo === form.values.tipo)
    .map((c) => ({ value: String(c.id), label: nombreCategoria(c) }));
  return (
    <Modal
      opened
      onClose={alCerrar}
      title={regla ? t("tesoreria.editar", { nombre: regla.texto }) : t("tesoreria.reglas.nueva")}
    >
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack gap="sm">
          <AvisoError error={error} titulo={t("tesoreria.errorGuardar")} />
          <TextInput
            label={t("tesoreria.reglas.texto")}
            description={t("tesoreria.reglas.textoAyuda")}
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps("texto")}
          />
          <Select
            label={t("tesoreria.reglas.tipo")}
            allowDeselect={false}
            data={[
              { value: "", label: t("tesoreria.reglas.cualquiera") },
              { value: "gasto", label: t("tesoreria.tipos.gasto") },
              { value: "ingreso", label: t("tesoreria.tipos.ingreso") },
            ]}
            {...form.getInputProps("tipo")}
          />
          <Select
            label={t("tesoreria.campos.categoria")}
            required
            searchable
            data={opciones}
            {...form.getInputProps("idCategoria")}
          />
          <NumberInput
            label={t("tesoreria.reglas.orden")}
            allowDecimal={false}
            min={0}
            {...form.getInputProps("orden")}
          />
          <Switch
            label={t("tesoreria.reglas.activa")}
            {...form.getInputProps("activo", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={guardar.isPending}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
