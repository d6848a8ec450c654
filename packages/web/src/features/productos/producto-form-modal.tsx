import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { TipoBadge } from "../socios/tipo-badge";
import { useTiposSocio } from "../socios/use-socios";
import { type ProductoApi, type ProductoEntrada, TIPOS_PRODUCTO, type TipoProducto } from "./tipos";

type Valores = {
  nombre: string;
  descripcion: string;
  anyo: number | string;
  tipo: TipoProducto;
  precio: number | string;
  /** Price by member type id; "" = the general price. */
  precios: Record<number, number | string>;
  activo: boolean;
};

function valoresDe(producto: ProductoApi | null, anyo: number): Valores {
  return {
    nombre: producto?.nombre ?? "",
    descripcion: producto?.descripcion ?? "",
    anyo: producto?.anyo ?? anyo,
    tipo: producto?.tipo ?? "cuota",
    precio: producto?.precio ?? "",
    precios: Object.fromEntries((producto?.precios ?? []).map((p) => [p.idTipoSocio, p.precio])),
    activo: producto?.activo ?? true,
  };
}

/** The API body from the form: member types left empty take the general price. */
export function entradaDeValores(v: Valores): ProductoEntrada {
  return {
    nombre: v.nombre.trim(),
    descripcion: v.descripcion.trim(),
    anyo: Number(v.anyo),
    tipo: v.tipo,
    precio: typeof v.precio === "number" ? v.precio : 0,
    precios: Object.entries(v.precios)
      .filter(([, precio]) => typeof precio === "number")
      .map(([id, precio]) => ({ idTipoSocio: Number(id), precio: precio as number })),
    activo: v.activo,
  };
}

const EURO = { decimalSeparator: ",", decimalScale: 2, allowNegative: false, suffix: " €" };

/** Create (producto null) or edit a product, with a price for each member type. */
export function ProductoFormModal({
  abierto,
  producto,
  anyo,
  alCerrar,
  alGuardar,
}: {
  abierto: boolean;
  producto: ProductoApi | null;
  anyo: number;
  alCerrar: () => void;
  alGuardar: (datos: ProductoEntrada) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const [valores, setValores] = useState<Valores>(() => valoresDe(producto, anyo));
  const [errorNombre, setErrorNombre] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    if (!abierto) return;
    setValores(valoresDe(producto, anyo));
    setErrorNombre(null);
    setError(null);
  }, [abierto, producto, anyo]);

  function poner<K extends keyof Valores>(campo: K, valor: Valores[K]) {
    setValores((v) => ({ ...v, [campo]: valor }));
  }

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    if (valores.nombre.trim() === "") {
      setErrorNombre(t("productos.validacion.nombre"));
      return;
    }
    setErrorNombre(null);
    setError(null);
    setEnviando(true);
    try {
      await alGuardar(entradaDeValores(valores));
      alCerrar();
    } catch (err) {
      setError(mensajeDeError(err));
    } finally {
      setEnviando(false);
    }
  }

  const titulo = producto
    ? t("productos.editar", { nombre: producto.nombre })
    : t("productos.nuevo");
  return (
    <Modal opened={abierto} onClose={alCerrar} title={titulo} centered size="lg">
      <form onSubmit={enviar} noValidate>
        <Stack>
          {error ? (
            <Alert role="alert" color="red" title={t("productos.errorGuardar")}>
              {error}
            </Alert>
          ) : null}
          <TextInput
            label={t("productos.campos.nombre")}
            required
            maxLength={200}
            data-autofocus
            value={valores.nombre}
            onChange={(e) => poner("nombre", e.currentTarget.value)}
            error={errorNombre}
          />
          <Textarea
            label={t("productos.campos.descripcion")}
            autosize
            minRows={2}
            maxLength={2000}
            value={valores.descripcion}
            onChange={(e) => poner("descripcion", e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t("productos.campos.anyo")}
              required
              min={2000}
              max={2100}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={false}
              value={valores.anyo}
              onChange={(v) => poner("anyo", v)}
            />
            <Select
              label={t("productos.campos.tipo")}
              required
              data={TIPOS_PRODUCTO.map((tipo) => ({
                value: tipo,
                label: t(`productos.tipos.${tipo}`),
              }))}
              value={valores.tipo}
              onChange={(v) => v && poner("tipo", v as TipoProducto)}
              allowDeselect={false}
            />
            <NumberInput
              label={t("productos.campos.precio")}
              {...EURO}
              value={valores.precio}
              onChange={(v) => poner("precio", v)}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("productos.preciosPorTipo")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("productos.preciosPorTipoAyuda")}
            </Text>
            <Table withTableBorder aria-label={t("productos.preciosPorTipo")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("productos.campos.tipoSocio")}</Table.Th>
                  <Table.Th>{t("productos.campos.precio")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(tipos.data ?? []).map((tipo) => (
                  <Table.Tr key={tipo.id}>
                    <Table.Td>
                      <TipoBadge
                        tipo={{ nombre: tipo.nombre, color: tipo.color ?? null }}
                        size="md"
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t("productos.precioDe", { tipo: tipo.nombre })}
                        placeholder={t("productos.precioGeneral")}
                        size="xs"
                        {...EURO}
                        value={valores.precios[tipo.id] ?? ""}
                        onChange={(v) =>
                          setValores((actual) => ({
                            ...actual,
                            precios: { ...actual.precios, [tipo.id]: v },
                          }))
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
          <Switch
            label={t("productos.campos.activo")}
            checked={valores.activo}
            onChange={(e) => poner("activo", e.currentTarget.checked)}
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
