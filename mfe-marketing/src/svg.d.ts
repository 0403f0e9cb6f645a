/** webpack emits an imported image as a file (asset/resource) and gives its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
