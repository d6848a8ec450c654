import { NavLink, Stack } from "@mantine/core";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../lib/i18n";
import { Icono } from "./iconos";
import { hojasDelMenu, type ItemMenu } from "./menu";

type Props = {
  items: readonly ItemMenu[];
  /** Called after a link is chosen (closes the menu on phones). */
  alElegir?: () => void;
};

function EnlaceMenu({
  item,
  activo,
  alElegir,
}: {
  item: ItemMenu;
  activo: boolean;
  alElegir?: () => void;
}) {
  return (
    <NavLink
      component={Link}
      to={item.url}
      label={item.texto}
      leftSection={<Icono nombre={item.icono} />}
      active={activo}
      aria-current={activo ? "page" : undefined}
      onClick={alElegir}
    />
  );
}

function GrupoMenu({
  item,
  ruta,
  alElegir,
}: {
  item: ItemMenu;
  ruta: string;
  alElegir?: () => void;
}) {
  const hijos = item.submenu ?? [];
  const [abierto, setAbierto] = useState(() => hojasDelMenu(hijos).some((h) => h.url === ruta));
  return (
    <NavLink
      component="button"
      type="button"
      label={item.texto}
      leftSection={<Icono nombre={item.icono} />}
      opened={abierto}
      onChange={setAbierto}
      aria-expanded={abierto}
    >
      {hijos.map((hijo) => (
        <EnlaceMenu
          key={`${hijo.url}-${hijo.texto}`}
          item={hijo}
          activo={hijo.url === ruta}
          alElegir={alElegir}
        />
      ))}
    </NavLink>
  );
}

/** The role menu of SPEC §6: real links (`href="#/…"`) so they open in a new tab too. */
export function MenuPrincipal({ items, alElegir }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("shell.menuPrincipal")} id="menu-principal">
      <Stack gap={2}>
        {items.map((item) =>
          item.submenu?.length ? (
            <GrupoMenu
              key={`grupo-${item.texto}`}
              item={item}
              ruta={pathname}
              alElegir={alElegir}
            />
          ) : (
            <EnlaceMenu
              key={`${item.url}-${item.texto}`}
              item={item}
              activo={item.url === pathname}
              alElegir={alElegir}
            />
          ),
        )}
      </Stack>
    </nav>
  );
}
