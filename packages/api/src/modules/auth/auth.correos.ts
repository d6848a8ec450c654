import type { Correo } from "../../services/mail.js";

function escaparHtml(texto: string): string {
  return texto.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function correoRestablecer(
  cuenta: { email: string; nombre: string },
  enlace: string,
): Correo {
  const saludo = cuenta.nombre ? `Hola, ${cuenta.nombre}:` : "Hola:";
  const texto = [
    saludo,
    "",
    "Hemos recibido una petición para restablecer la contraseña de tu cuenta en la Filà.",
    "Para elegir una contraseña nueva, abre este enlace (sirve una sola vez y caduca en una hora):",
    "",
    enlace,
    "",
    "Si no has sido tú, ignora este correo: tu contraseña no cambiará.",
    "",
    "Un saludo,",
    "La junta de la Filà",
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>Hemos recibido una petición para restablecer la contraseña de tu cuenta en la Filà.</p>
<p><a href="${escaparHtml(enlace)}">Elegir una contraseña nueva</a></p>
<p>El enlace sirve una sola vez y caduca en una hora. Si no has sido tú, ignora este correo: tu contraseña no cambiará.</p>
<p>Un saludo,<br>La junta de la Filà</p>`;
  return { para: cuenta.email, asunto: "Restablecer tu contraseña", texto, html };
}

export function correoInvitacion(
  cuenta: { email: string; nombre: string },
  enlace: string,
): Correo {
  const saludo = cuenta.nombre ? `Hola, ${cuenta.nombre}:` : "Hola:";
  const texto = [
    saludo,
    "",
    "La junta de la Filà te ha creado una cuenta para entrar en la aplicación de la filà",
    `con este correo (${cuenta.email}).`,
    "Para activarla y elegir tu contraseña, abre este enlace (sirve una sola vez y caduca en 7 días):",
    "",
    enlace,
    "",
    "Si no esperabas este correo, ignóralo: sin elegir una contraseña nadie podrá entrar con tu cuenta.",
    "",
    "Un saludo,",
    "La junta de la Filà",
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>La junta de la Filà te ha creado una cuenta para entrar en la aplicación de la filà con este correo (${escaparHtml(cuenta.email)}).</p>
<p><a href="${escaparHtml(enlace)}">Activar la cuenta y elegir la contraseña</a></p>
<p>El enlace sirve una sola vez y caduca en 7 días. Si no esperabas este correo, ignóralo: sin elegir una contraseña nadie podrá entrar con tu cuenta.</p>
<p>Un saludo,<br>La junta de la Filà</p>`;
  return { para: cuenta.email, asunto: "Activa tu cuenta de la Filà", texto, html };
}

export function correoTotpRestablecido(
  cuenta: { email: string; nombre: string },
  administrador: string,
): Correo {
  const saludo = cuenta.nombre ? `Hola, ${cuenta.nombre}:` : "Hola:";
  const quien = administrador || "Un administrador";
  const texto = [
    saludo,
    "",
    `${quien} ha quitado la verificación en dos pasos de tu cuenta en la Filà.`,
    "Desde ahora entras solo con tu contraseña; tus códigos de recuperación ya no sirven.",
    "Puedes volver a activarla desde tu inicio, en «Verificación en dos pasos».",
    "",
    "Si no lo habías pedido, avisa a la junta cuanto antes.",
    "",
    "Un saludo,",
    "La junta de la Filà",
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>${escaparHtml(quien)} ha quitado la verificación en dos pasos de tu cuenta en la Filà.</p>
<p>Desde ahora entras solo con tu contraseña; tus códigos de recuperación ya no sirven. Puedes volver a activarla desde tu inicio, en «Verificación en dos pasos».</p>
<p>Si no lo habías pedido, avisa a la junta cuanto antes.</p>
<p>Un saludo,<br>La junta de la Filà</p>`;
  return { para: cuenta.email, asunto: "Verificación en dos pasos quitada", texto, html };
}
