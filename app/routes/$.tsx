// Any path no other route matches: a real 404 status with the 404 page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}
