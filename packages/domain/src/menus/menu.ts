import type { Rol } from "../sesion/usuario-sesion";

/** Entrada del menú lateral; `icono` es el nombre de un componente de Tabler Icons. */
export type MenuItem = {
  url: string;
  texto: string;
  icono: string;
  submenu?: MenuItem[];
};

function menuAdministrador(): MenuItem[] {
  return [
    { url: "/user-home", texto: "Cambiar a Fester", icono: "IconArrowsExchange" },
    { url: "/admin-home", texto: "Inicio", icono: "IconHome" },
    { url: "/socios", texto: "Festeros", icono: "IconUsers" },
    { url: "/noticias", texto: "Noticias", icono: "IconNews" },
    { url: "/market", texto: "Mercadillo", icono: "IconBuildingStore" },
    { url: "/productos", texto: "Cuotas", icono: "IconReceipt" },
    { url: "/actos", texto: "Actos", icono: "IconCalendarEvent" },
    { url: "/documentos", texto: "Documentos", icono: "IconFileText" },
    { url: "/alertas", texto: "Alertas", icono: "IconBell" },
    { url: "/informes", texto: "Informes", icono: "IconChartBar" },
    { url: "/utilidades", texto: "Utilidades", icono: "IconTool" },
    {
      url: "",
      texto: "Maestros",
      icono: "IconDatabase",
      submenu: [
        { url: "/tipossocio", texto: "Tipos de socio", icono: "IconTags" },
        { url: "/tiposacto", texto: "Tipos de acto", icono: "IconCategory" },
        { url: "/formaspago", texto: "Formas de pago", icono: "IconCreditCard" },
      ],
    },
  ];
}

function menuUsuario(): MenuItem[] {
  return [
    { url: "/user-home", texto: "Inicio", icono: "IconHome" },
    { url: "/socios/ficha/0", texto: "Mis Datos", icono: "IconUser" },
    { url: "/misactos", texto: "Actos", icono: "IconCalendarEvent" },
    { url: "/vernoticias", texto: "Noticias", icono: "IconNews" },
    { url: "/mispagos", texto: "Pagos", icono: "IconCash" },
  ];
}

function menuSocio(): MenuItem[] {
  return [
    { url: "/socio-home", texto: "Inicio", icono: "IconHome" },
    { url: "/misactos", texto: "Actos", icono: "IconCalendarEvent" },
    { url: "/mispagos", texto: "Pagos", icono: "IconCash" },
  ];
}

/**
 * El menú lateral del rol (SPEC §6). Cada llamada devuelve objetos nuevos, así que
 * quien lo recibe puede modificarlo. Cualquier otro rol, o ninguno, no tiene menú.
 */
export function menuPorRol(rol: string | null | undefined): MenuItem[] {
  switch (rol) {
    case "administrador":
      return menuAdministrador();
    case "usuario":
      return menuUsuario();
    case "socio":
      return menuSocio();
    default:
      return [];
  }
}

/** Ruta (sin barra inicial) de la página de inicio de cada rol. */
export const HOME_POR_ROL: Readonly<Record<Rol, string>> = {
  administrador: "admin-home",
  usuario: "user-home",
  socio: "socio-home",
};

/** Página de inicio del rol; sin un rol conocido, la de login. */
export function homeDeRol(rol: string | null | undefined): string {
  if (typeof rol === "string" && Object.hasOwn(HOME_POR_ROL, rol)) {
    return HOME_POR_ROL[rol as Rol];
  }
  return "login";
}
