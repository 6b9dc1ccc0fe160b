/** The seeded articles in Vietnamese. */
import { h3, ol, p, quote, ul, type LanguageNews } from './article-text.ts';

export const vn: LanguageNews = {
  'eurusd-ecb': {
    title: 'EUR/USD nhích lên khi nhà đầu tư cân nhắc bước đi tiếp theo của ECB',
    desc: 'Đồng euro tăng so với đồng đô la sau khi dữ liệu Mỹ yếu hơn, trong khi giới giao dịch dự đoán Frankfurt sẽ giữ nguyên chính sách.',
    content:
      p(
        'Đồng euro tăng so với đô la Mỹ trong phiên châu Âu khi chỉ số hoạt động sản xuất của Mỹ thấp hơn dự kiến kéo lợi suất trái phiếu Kho bạc đi xuống.',
        'Thị trường tiền tệ hiện thấy rất ít khả năng Ngân hàng Trung ương châu Âu thay đổi lãi suất tiền gửi tại cuộc họp tới, và sự chú ý đã chuyển sang cách diễn đạt trong tuyên bố về lạm phát của ngân hàng này.',
      ) +
      h3('Giới giao dịch theo dõi gì') +
      ul(
        'Lạm phát sơ bộ của khu vực đồng euro vào cuối tháng',
        'Số đơn xin trợ cấp thất nghiệp hằng tuần của Mỹ vào thứ Năm',
        'Các bài phát biểu của thành viên Ban điều hành ECB',
      ) +
      p(
        'Các nhà phân tích kỹ thuật chỉ ra vùng kháng cự gần các đỉnh gần đây; một phiên đóng cửa trên mức này sẽ mở đường tới mốc số tròn tiếp theo, trong khi hỗ trợ nằm ở đường trung bình động 50 ngày.',
      ),
  },
  'gold-record': {
    title: 'Vàng duy trì gần mức kỷ lục khi các ngân hàng trung ương tiếp tục mua',
    desc: 'Kim loại quý giữ sát mức cao nhất mọi thời đại nhờ nhu cầu từ khu vực chính thức và đồng đô la suy yếu.',
    content:
      p(
        'Vàng giao dịch trong biên độ hẹp ngay dưới mức kỷ lục, sau khi các ngân hàng trung ương báo cáo thêm một tháng mua ròng.',
        '<strong>Vì sao điều này quan trọng:</strong> hoạt động mua của khu vực chính thức đã trở thành nguồn cầu ổn định, không phản ứng với biến động giá ngắn hạn, khiến các nhịp giảm nông hơn so với những chu kỳ trước.',
      ) +
      quote('Nhu cầu từ các nhà quản lý dự trữ đã tạo ra một mức sàn cho thị trường.') +
      p(
        'Bạc tăng theo vàng nhưng vẫn biến động mạnh hơn, vì nhu cầu công nghiệp từ các nhà sản xuất tấm pin mặt trời cạnh tranh với dòng vốn đầu tư.',
        'Giới giao dịch thận trọng vì các vị thế đã bị kéo căng: một bất ngờ trong dữ liệu lạm phát Mỹ có thể kích hoạt làn sóng chốt lời.',
      ),
  },
  'oil-opec': {
    title: 'Giá dầu giảm khi OPEC+ phát tín hiệu nguồn cung trở lại từ từ',
    desc: 'Giá dầu thô giảm sau khi nhóm các nước sản xuất xác nhận sẽ đưa thêm thùng dầu trở lại thị trường trong những tháng tới.',
    content:
      p(
        'Cả dầu Brent và WTI đều giảm sau khi các đại biểu OPEC+ cho biết nhóm sẽ tiếp tục nới lỏng các đợt cắt giảm sản lượng tự nguyện theo từng bước nhỏ mỗi tháng.',
        'Tồn kho tại Mỹ tăng tuần thứ hai liên tiếp, củng cố nhận định rằng thị trường hiện được cung cấp đầy đủ.',
      ) +
      h3('Các mức then chốt') +
      ol(
        'Hỗ trợ của WTI tại mức thấp nhất ba tháng',
        'Kháng cự của Brent tại đường trung bình động 200 ngày',
      ) +
      p(
        'Biên lợi nhuận lọc dầu vẫn tốt, điều này sẽ giữ nhu cầu dầu thô của các nhà máy lọc dầu vững chắc trong suốt mùa sưởi ấm mùa đông.',
      ),
  },
  'fed-minutes': {
    title: 'Biên bản họp Fed cho thấy các quan chức không vội cắt giảm thêm',
    desc: 'Các nhà hoạch định chính sách đồng ý rằng lạm phát đang hạ nhiệt nhưng muốn thêm bằng chứng trước khi tiếp tục giảm lãi suất.',
    content:
      p(
        'Biên bản cuộc họp gần nhất của Cục Dự trữ Liên bang cho thấy sự đồng thuận rộng rãi rằng chính sách đang ở vị trí phù hợp, với một số quan chức cảnh báo không nên hành động quá nhanh.',
        'Đồng đô la mạnh lên đôi chút sau khi biên bản được công bố và lợi suất trái phiếu Kho bạc kỳ hạn hai năm tăng, khi giới giao dịch lùi thời điểm dự kiến của lần cắt giảm tiếp theo.',
      ) +
      h3('Phản ứng của thị trường') +
      ul(
        'USD/JPY tăng về phía cận trên của vùng giao dịch gần đây',
        'Vàng giảm rồi hồi phục',
        'Hợp đồng tương lai chỉ số Mỹ hầu như không đổi',
      ) +
      p(
        'Báo cáo giá tiêu dùng sắp tới giờ là sự kiện chính đối với kỳ vọng lãi suất; một số liệu thấp sẽ khơi lại đặt cược vào một động thái vào đầu năm sau.',
      ),
  },
  'btc-etf': {
    title: 'Bitcoin tăng mạnh khi dòng tiền vào ETF giao ngay tăng tốc',
    desc: 'Đồng tiền mã hóa lớn nhất tăng giá khi các quỹ ETF ghi nhận tuần có dòng tiền vào mạnh nhất trong nhiều tháng.',
    content:
      p(
        'Bitcoin tăng phiên thứ ba liên tiếp nhờ lực mua đều đặn thông qua các quỹ ETF giao ngay niêm yết tại Mỹ.',
        'Ether và các token lớn khác cũng tăng theo, dù khối lượng giao dịch trên các sàn tiền mã hóa vẫn thấp hơn mức đỉnh hồi mùa xuân.',
      ) +
      h3('Rủi ro') +
      ul(
        'Các vị thế mua dùng đòn bẩy trên hợp đồng tương lai vĩnh cửu đã tăng nhanh',
        'Thanh khoản cuối tuần mỏng nên giá có thể biến động đột ngột',
      ) +
      p(
        'Giá tiền mã hóa biến động suốt ngày đêm và có thể nhảy vọt mạnh. Hãy dùng lệnh cắt lỗ và khối lượng giao dịch mà bạn có thể chấp nhận mất.',
      ),
  },
  'indices-earnings': {
    title: 'Các chỉ số Phố Wall tăng nhờ kết quả kinh doanh mạnh của nhóm công nghệ',
    desc: 'Nasdaq 100 dẫn đầu đà tăng sau khi kết quả của các nhà sản xuất chip lớn vượt kỳ vọng.',
    content:
      p(
        'Các chỉ số chứng khoán Mỹ đi lên, dẫn dắt bởi cổ phiếu công nghệ, sau khi hai trong số các công ty bán dẫn lớn nhất báo cáo doanh thu cao hơn dự báo và nâng triển vọng.',
        'S&amp;P 500 tăng phiên thứ tư trong năm phiên, trong khi Dow Jones Industrial Average tụt lại phía sau do các nhóm ngành phòng thủ bị bán ra.',
      ) +
      quote('Nhu cầu chip cho trung tâm dữ liệu không có dấu hiệu chậm lại.') +
      p(
        'Mức biến động vẫn thấp so với lịch sử; các nhà phân tích lưu ý rằng biến động thấp có thể đảo chiều nhanh chóng khi kết quả kinh doanh hoặc số liệu gây thất vọng.',
      ),
  },
  'usdjpy-boj': {
    title: 'Đồng yên mạnh lên trước đồn đoán Ngân hàng Trung ương Nhật Bản tăng lãi suất',
    desc: 'USD/JPY giảm mạnh sau khi phát biểu của một quan chức Ngân hàng Trung ương Nhật Bản làm tăng kỳ vọng về chính sách thắt chặt.',
    content:
      p(
        'Đồng yên Nhật tăng vọt so với đô la sau khi một thành viên hội đồng quản trị Ngân hàng Trung ương Nhật Bản cho biết các điều kiện cho một đợt tăng lãi suất nữa đang dần hội đủ.',
        'Lợi suất trái phiếu chính phủ Nhật Bản tăng lên mức cao nhất trong nhiều năm, thu hẹp chênh lệch với lợi suất Mỹ vốn đã đè nặng lên đồng yên trong phần lớn thời gian của năm.',
      ) +
      h3('Cần theo dõi') +
      ul(
        'Giá tiêu dùng Tokyo vào thứ Sáu',
        'Các cuộc đàm phán tiền lương vào mùa xuân',
        'Phát biểu của Bộ Tài chính về biến động tỷ giá',
      ),
  },
  'gbpusd-inflation': {
    title: 'Đồng bảng vững giá sau khi lạm phát Anh cao hơn dự kiến',
    desc: 'GBP/USD tăng khi lạm phát dịch vụ tại Anh vẫn cao dai dẳng, làm giảm khả năng Ngân hàng Trung ương Anh sớm hạ lãi suất.',
    content: p(
      'Đồng bảng Anh tăng giá sau khi số liệu chính thức cho thấy lạm phát giá tiêu dùng tại Vương quốc Anh tăng mạnh hơn mức các nhà kinh tế dự kiến, chủ yếu do khu vực dịch vụ.',
      'Thị trường giảm đặt cược vào việc Ngân hàng Trung ương Anh hạ lãi suất tại cuộc họp tới, đẩy lợi suất trái phiếu gilt ngắn hạn đi lên.',
      'Cặp cable hiện gặp kháng cự tại đỉnh dao động gần nhất; nếu vượt qua, mức cao nhất của năm sẽ nằm trong tầm ngắm.',
    ),
  },
  'silver-industrial': {
    title: 'Bạc vượt trội so với vàng nhờ nhu cầu công nghiệp',
    desc: 'Kim loại xám tăng mạnh hơn vàng khi các nhà sản xuất pin mặt trời và thiết bị điện tử đẩy mạnh mua vào.',
    content:
      p(
        'Tuần này bạc tăng nhanh hơn vàng, thu hẹp tỷ lệ vàng/bạc, khi những người mua trong ngành công nghiệp đẩy mạnh mua vào.',
        'Sản xuất tấm pin mặt trời đang hấp thụ tỷ trọng ngày càng lớn trong nguồn cung từ mỏ, và một số nhà phân tích dự báo thị trường sẽ thâm hụt thêm một năm nữa.',
      ) +
      ul(
        'Bạc biến động mạnh hơn vàng: mức dao động 3% trong ngày là bình thường',
        'Nhu cầu công nghiệp khiến bạc nhạy cảm với dữ liệu tăng trưởng',
      ),
  },
  'audusd-china': {
    title: 'Đô la Úc giảm khi dữ liệu Trung Quốc gây thất vọng',
    desc: 'AUD/USD giảm sau khi doanh số bán lẻ và sản lượng công nghiệp yếu hơn của Trung Quốc gây áp lực lên các đồng tiền hàng hóa.',
    content: p(
      'Đồng đô la Úc giảm so với đô la Mỹ sau khi số liệu từ Trung Quốc cho thấy doanh số bán lẻ và sản lượng công nghiệp tăng chậm hơn dự báo.',
      'Giá quặng sắt cũng hạ nhiệt, tạo thêm áp lực lên đồng tiền của một trong những nước xuất khẩu lớn nhất loại nguyên liệu sản xuất thép này.',
      'Ngân hàng Dự trữ Úc sẽ họp vào tháng tới; thị trường kỳ vọng lãi suất được giữ nguyên.',
    ),
  },
  'dax-record': {
    title: 'DAX lập kỷ lục khi chứng khoán châu Âu nối dài đà tăng',
    desc: 'Chỉ số chuẩn của Đức đạt mức cao nhất mọi thời đại, dẫn dắt bởi cổ phiếu công nghiệp và ngân hàng.',
    content:
      p(
        'DAX đóng cửa ở mức kỷ lục khi nhà đầu tư đặt cược rằng giá năng lượng thấp hơn và lãi suất ổn định sẽ hỗ trợ sự phục hồi của ngành sản xuất Đức.',
        'Cổ phiếu ngân hàng tăng nhờ thu nhập lãi thuần cao hơn, trong khi các hãng xe hơi diễn biến trái chiều trước các cuộc đàm phán thương mại mới.',
      ) +
      h3('Các mức giá') +
      ul('Hỗ trợ tại mức kỷ lục trước đó, nay trở thành mức sàn', 'Các chỉ báo động lượng gần vùng quá mua'),
  },
  'natgas-winter': {
    title: 'Khí tự nhiên biến động mạnh trước mùa sưởi ấm mùa đông',
    desc: 'Giá dao động theo cả hai chiều khi dự báo thời tiết thay đổi và mức dự trữ vẫn ở mức cao.',
    content:
      p(
        'Hợp đồng tương lai khí tự nhiên biến động mạnh theo cả hai chiều trong tuần này do dự báo nhiệt độ đầu mùa đông thay đổi từng ngày.',
        'Lượng dự trữ tại châu Âu và Mỹ cao hơn mức trung bình năm năm, điều này hạn chế dư địa tăng giá trừ khi xuất hiện một đợt rét kéo dài.',
      ) +
      p(
        '<em>Lưu ý rủi ro:</em> các hợp đồng năng lượng có thể biến động vài phần trăm chỉ trong vài phút quanh các bản cập nhật thời tiết và báo cáo tồn kho. Hãy xác định quy mô vị thế một cách thận trọng.',
      ),
  },
};
