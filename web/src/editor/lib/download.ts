export { downloadBlob } from "../../lib/download";
