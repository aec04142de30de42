/** Placeholder: the case's latest microscopy and Xpert results and its culture conversion, shown in the case header; its owner replaces it. */
export default function LatestResults(_props: { tbcase: Record<string, any> }) {
  return null;
}
