package starter

// names are the starter rows' names in each UI language (stored codes en, ms, ch, es, jp,
// de, fr). A school gets one group for teachers and one for staff; a company one group.
var names = map[string]map[string]string{
	"en": {
		"annual": "Annual leave", "sick": "Sick leave", "emergency": "Emergency leave", "unpaid": "Unpaid leave",
		"errand": "Errand", "meeting": "Meeting", "outstation": "Outstation",
		"group":         "Office hours, Monday to Friday 08:00–17:00",
		"group_teacher": "Office hours (teachers), Monday to Friday 08:00–17:00",
		"group_staff":   "Office hours (staff), Monday to Friday 08:00–17:00",
	},
	"ms": {
		"annual": "Cuti tahunan", "sick": "Cuti sakit", "emergency": "Cuti kecemasan", "unpaid": "Cuti tanpa gaji",
		"errand": "Urusan luar", "meeting": "Mesyuarat", "outstation": "Tugas luar daerah",
		"group":         "Waktu pejabat, Isnin hingga Jumaat 08:00–17:00",
		"group_teacher": "Waktu pejabat (guru), Isnin hingga Jumaat 08:00–17:00",
		"group_staff":   "Waktu pejabat (staf), Isnin hingga Jumaat 08:00–17:00",
	},
	"ch": {
		"annual": "年假", "sick": "病假", "emergency": "紧急事假", "unpaid": "无薪假",
		"errand": "外出办事", "meeting": "会议", "outstation": "出差",
		"group":         "办公时间，周一至周五 08:00–17:00",
		"group_teacher": "办公时间（教师），周一至周五 08:00–17:00",
		"group_staff":   "办公时间（职员），周一至周五 08:00–17:00",
	},
	"es": {
		"annual": "Vacaciones anuales", "sick": "Baja por enfermedad", "emergency": "Permiso por emergencia", "unpaid": "Permiso no retribuido",
		"errand": "Gestión externa", "meeting": "Reunión", "outstation": "Viaje de trabajo",
		"group":         "Horario de oficina, de lunes a viernes 08:00–17:00",
		"group_teacher": "Horario de oficina (docentes), de lunes a viernes 08:00–17:00",
		"group_staff":   "Horario de oficina (personal), de lunes a viernes 08:00–17:00",
	},
	"jp": {
		"annual": "年次有給休暇", "sick": "病気休暇", "emergency": "緊急休暇", "unpaid": "無給休暇",
		"errand": "外出", "meeting": "会議", "outstation": "出張",
		"group":         "勤務時間 月曜〜金曜 08:00–17:00",
		"group_teacher": "勤務時間（教員） 月曜〜金曜 08:00–17:00",
		"group_staff":   "勤務時間（職員） 月曜〜金曜 08:00–17:00",
	},
	"de": {
		"annual": "Jahresurlaub", "sick": "Krankheit", "emergency": "Sonderurlaub (Notfall)", "unpaid": "Unbezahlter Urlaub",
		"errand": "Dienstgang", "meeting": "Besprechung", "outstation": "Dienstreise",
		"group":         "Bürozeiten, Montag bis Freitag 08:00–17:00",
		"group_teacher": "Bürozeiten (Lehrkräfte), Montag bis Freitag 08:00–17:00",
		"group_staff":   "Bürozeiten (Personal), Montag bis Freitag 08:00–17:00",
	},
	"fr": {
		"annual": "Congés annuels", "sick": "Congé maladie", "emergency": "Congé pour urgence", "unpaid": "Congé sans solde",
		"errand": "Démarche extérieure", "meeting": "Réunion", "outstation": "Déplacement professionnel",
		"group":         "Heures de bureau, du lundi au vendredi 08:00–17:00",
		"group_teacher": "Heures de bureau (enseignants), du lundi au vendredi 08:00–17:00",
		"group_staff":   "Heures de bureau (personnel), du lundi au vendredi 08:00–17:00",
	},
}
