import type { AnuncioVista } from "@fila/domain";
import {
  Button,
  Center,
  Chip,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { parametrosActuales, useCambiarParametros } from "../../app/navegacion";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { DetalleAnuncio } from "./detalle-anuncio";
import { type FiltrosMercadillo, filtrosAUrl, filtrosDesdeUrl, type Vista } from "./filtros-url";
import { FormularioAnuncio } from "./formulario-anuncio";
import { TarjetaAnuncio } from "./tarjeta-anuncio";
import { useAnuncio, useEtiquetasAnuncios, useListaAnuncios } from "./use-anuncios";

const POR_PAGINA = 24;

/**
 * The members' market, phone first: search and tag chips on top, a grid of cards, pages;
 * "Mis anuncios" with their states; `?anuncio=` opens one (the expiry alert links there).
 */
export function MarketPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params] = useSearchParams();
  // Written from the address as it is at call time (see useCambiarParametros): the search box's
  // debounced write and the ad closing after a request must not undo each other.
  const cambiarParametros = useCambiarParametros();
  // The filters live in the URL: a reload, a shared link or «back» find the same list.
  const filtros = useMemo(() => filtrosDesdeUrl(params), [params]);
  const [texto, setTexto] = useState(filtros.q);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [editando, setEditando] = useState<AnuncioVista | "nuevo" | null>(null);
  const idAbierto = Number(params.get("anuncio")) || null;
  const abierto = useAnuncio(idAbierto);
  const puedePublicar = usuario.socioId > 0;
  const { etiqueta, page } = filtros;
  const mios = filtros.vista === "mios";

  const etiquetas = useEtiquetasAnuncios();
  const lista = useListaAnuncios({
    q: filtros.q || undefined,
    etiqueta: etiqueta || undefined,
    idSocio: mios ? usuario.socioId : undefined,
    page,
    pageSize: POR_PAGINA,
  });
  const paginas = Math.ceil((lista.data?.total ?? 0) / POR_PAGINA);

  /** Changes some filters (back to page 1 unless the page is what changes), keeping the rest. */
  const cambiar = (cambio: Partial<FiltrosMercadillo>) =>
    cambiarParametros(
      (actuales) => filtrosAUrl(actuales, { ...filtrosDesdeUrl(actuales), page: 1, ...cambio }),
      { replace: true },
    );

  // The search box writes `q` once the person stops typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers it
  useEffect(() => {
    if (q !== filtrosDesdeUrl(parametrosActuales()).q) cambiar({ q });
  }, [q]);

  const abrir = (id: number | null) =>
    cambiarParametros(
      (actuales) => {
        if (id) actuales.set("anuncio", String(id));
        else actuales.delete("anuncio");
        return actuales;
      },
      { replace: id === null },
    );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{t("mercadillo.titulo")}</Title>
          <Text c="dimmed" size="sm">
            {t("mercadillo.intro")}
          </Text>
        </Stack>
        {puedePublicar ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditando("nuevo")}
          >
            {t("mercadillo.nuevo")}
          </Button>
        ) : null}
      </Group>

      {puedePublicar ? (
        <SegmentedControl
          value={filtros.vista}
          onChange={(v) => cambiar({ vista: v as Vista })}
          data={[
            { value: "todos", label: t("mercadillo.todos") },
            { value: "mios", label: t("mercadillo.mios") },
          ]}
        />
      ) : null}

      <TextInput
        type="search"
        aria-label={t("mercadillo.buscar")}
        placeholder={t("mercadillo.buscar")}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
      />
      {etiquetas.data?.items.length ? (
        <ScrollArea type="auto" offsetScrollbars aria-label={t("mercadillo.etiquetas")}>
          <Chip.Group multiple={false} value={etiqueta} onChange={(v) => cambiar({ etiqueta: v })}>
            <Group gap="xs" wrap="nowrap">
              <Chip value="" size="sm">
                {t("mercadillo.todas")}
              </Chip>
              {etiquetas.data.items.map((e) => (
                <Chip key={e.etiqueta} value={e.etiqueta} size="sm">
                  {e.etiqueta}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
      ) : null}

      {lista.isLoading ? (
        <Center mih={200}>
          <Loader aria-label={t("app.cargando")} />
        </Center>
      ) : lista.data?.items.length ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
          {lista.data.items.map((a) => (
            <TarjetaAnuncio key={a.id} anuncio={a} conEstado={mios} alAbrir={() => abrir(a.id)} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{mios ? t("mercadillo.miosVacio") : t("mercadillo.vacio")}</Text>
      )}
      {paginas > 1 ? (
        <Center>
          <Pagination
            total={paginas}
            value={page}
            onChange={(n) => cambiar({ page: n })}
            size="sm"
            getControlProps={(control) => ({
              "aria-label": t(`mercadillo.paginacion.${control}`),
            })}
          />
        </Center>
      ) : null}

      {abierto.data && !editando ? (
        <DetalleAnuncio
          anuncio={abierto.data}
          alCerrar={() => abrir(null)}
          alEditar={() => setEditando(abierto.data)}
        />
      ) : null}
      {editando ? (
        <FormularioAnuncio
          anuncio={editando === "nuevo" ? null : editando}
          alCerrar={() => setEditando(null)}
        />
      ) : null}
    </Stack>
  );
}
