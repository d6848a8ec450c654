export const CONDICIONES_POR_DEFECTO = `Estas condiciones regulan el uso de la aplicación de gestión de la filà por parte de sus socios y de su junta directiva.

1. Uso personal. Tu cuenta es personal e intransferible. Guarda tu contraseña y no la compartas con nadie. Si sospechas que alguien la conoce, cámbiala desde «Mis Datos» o con «¿Has olvidado tu contraseña?».

2. Datos correctos. Te comprometes a mantener tus datos de contacto y bancarios al día. La junta puede corregir los datos que sean incorrectos.

3. Cuotas y pagos. Las cuotas, derramas y demás cargos se rigen por los acuerdos de la asamblea de la filà. La aplicación muestra los cargos y pagos registrados por la tesorería; en caso de duda prevalecen los registros de la tesorería.

4. Mercadillo y contenidos. Lo que publiques (anuncios, fotos) debe ser respetuoso y tener relación con la filà. La junta puede retirar cualquier contenido que no lo sea.

5. Comunicaciones. La filà te enviará avisos y noticias relacionados con su actividad por la aplicación y por correo electrónico.

6. Cambios. Si estas condiciones cambian, la aplicación te pedirá que las aceptes de nuevo antes de seguir.`;

export const PRIVACIDAD_POR_DEFECTO = `Responsable. La filà, como asociación, es la responsable del tratamiento de los datos personales de sus socios.

Finalidad. Tratamos tus datos para gestionar tu condición de socio: censo, cuotas y cobros (incluida la domiciliación bancaria SEPA), inscripciones en actos, comunicaciones internas y cumplimiento de las obligaciones legales de la asociación.

Legitimación. La base del tratamiento es tu relación como socio con la asociación y, cuando corresponda, tu consentimiento (por ejemplo, para la foto o las notificaciones).

Conservación. Conservamos los datos mientras seas socio y, después, durante los plazos legales. Los datos de quienes causan baja se guardan hasta su anonimización.

Destinatarios. No cedemos tus datos a terceros salvo obligación legal o cuando sea necesario para el cobro de cuotas (entidad bancaria).

Derechos. Puedes ejercer tus derechos de acceso, rectificación, supresión, limitación, portabilidad y oposición dirigiéndote a la junta directiva. Desde «Mis Datos» puedes descargar todos los datos que tenemos sobre ti. También puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).`;
