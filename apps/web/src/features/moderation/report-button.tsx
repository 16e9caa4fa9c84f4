// Moved to components/ (features do not import each other); kept so app/ routes may import it from here.
export { ReportButton } from '../../components/report-button';
