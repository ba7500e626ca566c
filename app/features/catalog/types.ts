/** Catalogue types shared with the server (types only: no server code reaches the browser). */
export type {
  Category,
  CourseCard,
  CourseDetail,
  CourseSort,
  Lesson,
} from "~server/modules/catalog/catalog.schemas";
